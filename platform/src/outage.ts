/**
 * Whether a failure is a dependency being away (the database down, restarting or refusing
 * connections) rather than a fault of the request or the code: such a failure is answered 503
 * with Retry-After, not 500. Recognises Prisma's connection errors, its driver adapter's, node-postgres'
 * and the socket errors under them, looking through causes.
 */
export function isDependencyOutage(error: unknown, depth = 0): boolean {
  if (depth > 5 || typeof error !== 'object' || error === null) return false;
  const e = error as {
    code?: unknown;
    syscall?: unknown;
    kind?: unknown;
    message?: unknown;
    originalCode?: unknown;
    cause?: unknown;
    meta?: { driverAdapterError?: unknown };
  };
  const code = typeof e.code === 'string' ? e.code : typeof e.originalCode === 'string' ? e.originalCode : '';
  if (PRISMA_CODES.has(code) || SOCKET_CODES.has(code) || PG_CODES.test(code)) return true;
  // A Unix socket's file is gone while its server is stopped (a missing file elsewhere is a fault).
  // Prisma re-raises the driver's error with its code but without the syscall, only in the message.
  if (code === 'ENOENT' && (e.syscall === 'connect' || (typeof e.message === 'string' && /\bconnect ENOENT\b/.test(e.message))))
    return true;
  if (typeof e.kind === 'string' && ADAPTER_KINDS.has(e.kind)) return true;
  if (typeof e.message === 'string' && LOST_CONNECTION.test(e.message)) return true;
  return isDependencyOutage(e.cause, depth + 1) || isDependencyOutage(e.meta?.driverAdapterError, depth + 1);
}

/** Prisma: server unreachable, timed out, connection closed, pool exhausted. */
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024']);
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** SQLSTATE class 08 (connection exception), 57P01-57P03 (shut down, crashed, starting), 53300 (too many connections). */
const PG_CODES = /^(08\d{3}|57P0[123]|53300)$/;
const ADAPTER_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);
const LOST_CONNECTION =
  /Connection terminated|terminating connection|Client has encountered a connection error|the database system is (starting up|shutting down|in recovery mode)/i;
