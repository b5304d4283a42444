/**
 * Whether a failure means "the database cannot be reached right now" – a restart, a failover, a
 * connection cut – rather than a fault of the request or of the code. Such a failure is answered
 * 503 with Retry-After (the client may try again once the database is back), never 500.
 *
 * The error may be pg's own or drizzle's DrizzleQueryError around it (`cause`).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || NETWORK_CODES.has(code))) return true;
    if (typeof message === 'string' && PG_CLIENT_MESSAGES.test(message)) return true;
  }
  return false;
}

/**
 * SQLSTATEs of a server that is going away or not there yet: class 08 (connection exception),
 * 57P01–57P03 (shut down by an administrator – a failover's fencing –, crashed, starting up), 25006
 * (read-only transaction: a demoted primary still reached through an old connection) and 53300
 * (too many connections, while a failover's clients all come back at once).
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|25006|53300)$/;

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/** node-postgres says these in words, without a code, when its socket went away. */
const PG_CLIENT_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Connection ended unexpectedly|Query read timeout)/;
