import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';

/**
 * One access line per request: Fastify's own logging writes two ("incoming request" and "request
 * completed"), each a write to stdout. Under load those writes cost the gateway 5 % of its chat
 * rate (npm run bench). The completed line carries the request beside its status and time, so it
 * says all that the two did; errors and broken streams are logged as Fastify logs them.
 */
class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/** Fastify's options for the access log: each server and the gateway pass them. */
export const accessLogOptions = () => ({ logController: new AccessLog() }) satisfies FastifyServerOptions;
