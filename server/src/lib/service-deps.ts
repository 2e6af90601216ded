import type { FastifyInstance } from 'fastify';

/**
 * What a service may use of the app: the database, messaging, OTPs, the clock, configuration and
 * the log — passed in, so a service is a plain function a test or a script can call with its own.
 */
export type ServiceDeps = Pick<FastifyInstance, 'db' | 'messenger' | 'otp' | 'now' | 'config' | 'log'>;
