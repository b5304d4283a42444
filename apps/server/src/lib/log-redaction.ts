import type { FastifyRequest } from 'fastify';

/**
 * Logs never hold a token, a mobile number or an ID number in clear. Request bodies are not
 * logged at all; query strings and headers are logged with these parameters blanked.
 */
// `t`: an invited visitor's link token (their pass, like a session's token).
const SECRET_PARAMS = new Set(['token', 'mobile', 'card', 'code', 'openid', 'referer', 'appusertoken', 'state', 'wx', 't']);
export const REDACTED = '[redacted]';

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of [...params.keys()]) {
    if (SECRET_PARAMS.has(key.toLowerCase())) params.set(key, REDACTED);
  }
  return `${url.slice(0, q)}?${params.toString()}`;
}

/** What a log line needs of a request: a Fastify request, or the fast lane's (lib/fast-lane.ts). */
export type LoggedRequest = Pick<FastifyRequest, 'method' | 'url' | 'ip'>;

/** What a log line says of a request (the access line and any line given `req`). */
export function serializeRequest(req: LoggedRequest) {
  // A closed connection has no address left: null, so the field is there in every line.
  return { method: req.method, url: redactUrl(req.url), remoteAddress: req.ip ?? null };
}

/** pino `redact` paths for anything that might carry a secret into a log line. */
export const REDACT_PATHS = [
  'req.headers.token',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.token',
  '*.mobile',
  '*.card',
];

/** What PostgreSQL says about a failure that names no value: the SQLSTATE and the objects. */
const PG_FIELDS = ['code', 'constraint', 'table', 'column', 'dataType', 'routine', 'severity'] as const;

/**
 * An error as a log line may hold it. A failed statement's error carries the statement's parameters
 * (Drizzle's message ends "params: …", pg's `detail` repeats the conflicting key, its message quotes
 * the value it could not read) – a person's name, address or ciphertexts, which anyone could push
 * into the logs by sending them. Logged instead: the error's type, the statement without its
 * parameters, PostgreSQL's code and object names, and the stack's frames (its first line is the
 * message again).
 */
export function loggableError(err: unknown): LoggedError {
  if (!(err instanceof Error)) return { type: typeof err, message: '', stack: '' };
  const out: LoggedError = { type: err.name, message: withoutValues(err), stack: '' };
  const pg = databaseCause(err);
  if (pg) {
    for (const field of PG_FIELDS) if (typeof pg[field] === 'string') out[field] = pg[field];
    if (pg !== err) out.cause = { type: (pg as Error).name, message: quotedValuesBlanked(String((pg as Error).message)) };
  }
  if (err.stack) out.stack = err.stack.split('\n').filter((l) => /^\s+at /.test(l)).join('\n');
  return out;
}

/** The shape pino's `err` serializer is typed to return. */
type LoggedError = { type: string; message: string; stack: string; [field: string]: unknown };

type PgFields = Partial<Record<(typeof PG_FIELDS)[number], unknown>>;

/** The first error in the cause chain that came from PostgreSQL (it has a SQLSTATE code). */
function databaseCause(err: Error): PgFields | undefined {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return e as PgFields;
  }
  return undefined;
}

function withoutValues(err: Error): string {
  const message = String(err.message);
  // Drizzle: "Failed query: <statement>\nparams: <values>" – the statement has only placeholders.
  const params = message.indexOf('\nparams:');
  if (params >= 0) return message.slice(0, params);
  return databaseCause(err) === (err as PgFields) ? quotedValuesBlanked(message) : message;
}

/** PostgreSQL quotes the offending value ("invalid input syntax for type uuid: "…""). */
function quotedValuesBlanked(message: string): string {
  return message.replace(/"[^"]*"/g, '"…"');
}
