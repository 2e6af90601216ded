import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import { buildTestApp, createTestDatabase } from '@pp/testing';
import { buildGateway } from '../app.ts';
import { loadGatewayConfig } from '../config.ts';

/**
 * A gateway over a fresh test database, next to a real API server (listening on a free port) for
 * the calls the bot makes on a partner's behalf.
 */
export async function buildTestStack() {
  const database = await createTestDatabase();
  const server = await buildTestApp(database.db);
  await server.listen({ host: '127.0.0.1', port: 0 });
  const serverUrl = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  /** A further gateway on the same database (the caller closes it), e.g. to play a restart. */
  const newGateway = (): Promise<FastifyInstance> =>
    buildGateway(loadGatewayConfig({ LOG_LEVEL: 'silent', DATABASE_URL: database.url, SERVER_URL: serverUrl }), {
      logger: false,
    });
  const gateway = await newGateway();
  afterAll(() => gateway.close());
  return { db: database.db, databaseUrl: database.url, server, serverUrl, gateway, newGateway };
}
