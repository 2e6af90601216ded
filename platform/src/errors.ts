import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { INVALID_INPUT_KEY, TEXTS, formatIssues, say, type ErrorBody, type ErrorCode } from '@pp/contract';
import { AppError } from './app-error.ts';
import { isDependencyOutage } from './outage.ts';
import { requestLanguage } from './language.ts';
import { RequestValidationError, requestPartOf } from './validation.ts';

/**
 * The failure body of spec section 7; errorCode mirrors the HTTP status, which is one of the
 * contract's ERROR_CODES (a status outside them is a mistake here: the document promises no other).
 */
export function errorBody(status: number, failureMessage: string, extra: Partial<ErrorBody> = {}): ErrorBody {
  return { response: null, failureMessage, errorCode: status as ErrorCode, ...extra };
}

/**
 * Headers of every API answer, and of answers given before any hook runs (a malformed address, a
 * request that cannot be parsed): a JSON body needs no sources at all, and still may not be framed,
 * sniffed or cached.
 */
export const BARE_RESPONSE_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'cache-control': 'no-store',
} as const;

/** What an answer during an outage asks the client to wait before trying again. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;
/** An outage is logged once in this time, not once per request answered 503. */
const OUTAGE_LOG_INTERVAL_MS = 30_000;

/** A request (headers and body) must arrive within this time, else 408. */
export const REQUEST_TIMEOUT_MS = 30_000;

/**
 * Fastify's clientErrorHandler: a request Node's parser refuses (a broken request line, bad
 * chunking, headers over 16 KB) gets the envelope and the bare headers like every other answer,
 * instead of Fastify's own body without them. The connection cannot be trusted after it, so it closes.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify(errorBody(status, say(TEXTS.clientError(status))));
  const headers: Record<string, string | number> = {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    connection: 'close',
    ...BARE_RESPONSE_HEADERS,
  };
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n${body}`);
}

/** nginx's code for an answer whose client had gone: nobody reads it, but the logs and the journal do. */
const CLIENT_CLOSED_REQUEST = 499;

/**
 * A streamed answer (every compressed one) whose connection closed before its first bytes: Fastify
 * passes the stream's "premature close" here when Node does not count the request as aborted, which
 * is so once a body (a POST's) has been read. A browser leaving the page, a proxy dropping the
 * connection: not a fault of ours, and not a 500.
 */
function clientWentAway(error: unknown, reply: FastifyReply): boolean {
  return (error as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE' && reply.raw.destroyed;
}

/**
 * One place turns every failure into the envelope, in the server and the gateway alike: contract
 * validation → 400 naming the field and rule (fieldErrors too), AppError → its status, body and
 * headers, Fastify's own 4xx (bad JSON, too large) → as they are, a dependency away (the database
 * down or restarting) → 503 with Retry-After and a message a person can act on, logged once per
 * outage, anything else → 500 with a generic message and the details in the log only. Unknown routes
 * get a JSON 404.
 */
export function installErrorHandling(app: FastifyInstance): void {
  let outageLoggedAt = -Infinity;
  let unloggedOutageAnswers = 0;
  app.setErrorHandler((error, request, reply) => {
    const language = requestLanguage(request);
    if (error instanceof RequestValidationError) {
      const { failureMessage, fieldErrors } = formatIssues(error.issues, language, requestPartOf(error.part));
      return reply.code(400).send(errorBody(400, failureMessage, { errorKey: INVALID_INPUT_KEY, fieldErrors }));
    }
    if (error instanceof AppError) {
      if (error.headers) void reply.headers(error.headers);
      const { failureMessage, fieldErrors } = error.wordsIn(language);
      return reply.code(error.status).send(
        errorBody(error.status, failureMessage, {
          ...(error.key ? { errorKey: error.key } : {}),
          ...(fieldErrors ? { fieldErrors } : {}),
        }),
      );
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500 && !isResponseSerializationError(error)) {
      return reply.code(status).send(errorBody(status, (error as Error).message));
    }
    if (isDependencyOutage(error)) {
      const now = Date.now();
      if (now - outageLoggedAt >= OUTAGE_LOG_INTERVAL_MS) {
        request.log.error(
          { err: error, answeredSinceLastLog: unloggedOutageAnswers },
          'the database is unreachable: answering 503 until it is back',
        );
        outageLoggedAt = now;
        unloggedOutageAnswers = 0;
      } else unloggedOutageAnswers += 1;
      void reply.header('retry-after', String(OUTAGE_RETRY_AFTER_SECONDS));
      return reply.code(503).send(errorBody(503, say(TEXTS.serviceUnavailable, language)));
    }
    if (clientWentAway(error, reply)) {
      request.log.info({ code: (error as { code?: string }).code }, 'the client closed the connection before the answer');
      return reply.code(CLIENT_CLOSED_REQUEST).send();
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(errorBody(500, say(TEXTS.internalError, language)));
  });

  app.setNotFoundHandler((request, reply) => {
    void reply.code(404).send(errorBody(404, say(TEXTS.routeNotFound(request.method, request.url), requestLanguage(request))));
  });
}
