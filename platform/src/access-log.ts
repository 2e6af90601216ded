import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';

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

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type LogArgs = Parameters<FastifyBaseLogger['info']>;
type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;
type LevelledLogger = FastifyBaseLogger & { isLevelEnabled(level: Level): boolean };

/**
 * A request's logger, made when the request first writes a line at an enabled level: most
 * requests write none (their access line is at debug), and pino's child logger, made for each
 * request before any handler ran, was 1.6 % of a cached answer's time in a profile.
 */
class RequestLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined;
  constructor(
    private readonly parent: LevelledLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}
  private get logger(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }
  private write(level: Level, args: LogArgs) {
    if (this.made === undefined && !this.parent.isLevelEnabled(level)) return;
    this.logger[level](...args);
  }
  get level() {
    return this.made?.level ?? this.parent.level;
  }
  set level(level: string) {
    this.logger.level = level;
  }
  child(bindings: Bindings, options?: ChildLoggerOptions) {
    return this.logger.child(bindings, options);
  }
  fatal(...args: LogArgs) {
    this.write('fatal', args);
  }
  error(...args: LogArgs) {
    this.write('error', args);
  }
  warn(...args: LogArgs) {
    this.write('warn', args);
  }
  info(...args: LogArgs) {
    this.write('info', args);
  }
  debug(...args: LogArgs) {
    this.write('debug', args);
  }
  trace(...args: LogArgs) {
    this.write('trace', args);
  }
  silent() {}
}

const requestLoggers: NonNullable<FastifyServerOptions['childLoggerFactory']> = (parent, bindings, options) => {
  const levelled = parent as Partial<LevelledLogger>;
  // A route of its own level, or a logger that is not pino's (tests pass their own): as Fastify does.
  if (options.level !== undefined || typeof levelled.isLevelEnabled !== 'function') return parent.child(bindings, options);
  return new RequestLogger(levelled as LevelledLogger, bindings, options);
};

/** Fastify's options for the access log and the request loggers: each server and the gateway pass them. */
export const accessLogOptions = () =>
  ({ logController: new AccessLog(), childLoggerFactory: requestLoggers }) satisfies FastifyServerOptions;
