import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';

/** A request that took this long is logged at info however it ended. */
export const SLOW_REQUEST_MS = 1000;

/**
 * One access line per request: Fastify's own logging writes two ("incoming request" and "request
 * completed"), each a write to stdout. The completed line carries the request beside its status
 * and time, so it says all that the two did; errors and broken streams are logged as Fastify logs
 * them.
 * At info, the lines worth reading: a failure (4xx, 5xx) or a slow answer. Every other request's
 * line is at debug (LOG_LEVEL=debug). A line for every answer cost a quarter of a cached read's
 * rate (partner info on two stacks in turns: about 16,000 req/s at info, 22,000 at warn); the
 * developer controls' journal keeps every request with its bodies for a front-end developer.
 */
class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (reply.statusCode >= 400 || line.responseTime >= SLOW_REQUEST_MS) reply.log.info(line, 'request completed');
    else reply.log.debug(line, 'request completed');
  }
}

/** Fastify's options for the access log: each server and the gateway pass them. */
export const accessLogOptions = () => ({ logController: new AccessLog() }) satisfies FastifyServerOptions;
