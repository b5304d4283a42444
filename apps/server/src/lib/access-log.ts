import os from 'node:os';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino from 'pino';
import { serializeRequest, type LoggedRequest } from './log-redaction';

export const roundMs = (ms: number) => Math.round(ms * 10) / 10;

/** What every pino line starts with after its time (pino's own `pid` and `hostname` bindings). */
const PROCESS_FIELDS = `,"pid":${process.pid},"hostname":${JSON.stringify(os.hostname())}`;

type LineStream = { write(line: string): unknown };

/**
 * The logger's own destination when it is pino and writes info lines; null otherwise (no pino
 * behind the app at LOG_LEVEL=silent, or a level above info), and then no access line is written.
 */
export function lineStreamOf(log: unknown): LineStream | null {
  const logger = log as Partial<pino.Logger> & Record<symbol, LineStream | undefined>;
  const stream = logger[pino.symbols.streamSym];
  return stream && logger.isLevelEnabled?.('info') ? stream : null;
}

/**
 * A completed request's line in pino's format (the same fields, order and level). Every value is
 * chosen here – the request as `serializeRequest` logs it, the status and the time – and every
 * string is JSON-escaped; no header, body or parameter value goes in.
 */
export function accessLine(reqId: string, request: LoggedRequest, statusCode: number, ms: number): string {
  // serializeRequest's three strings JSON-escaped one by one: cheaper than stringifying the object.
  const { method, url, remoteAddress } = serializeRequest(request);
  return (
    `{"level":30,"time":${Date.now()}${PROCESS_FIELDS},"reqId":${JSON.stringify(reqId)},` +
    `"req":{"method":${JSON.stringify(method)},"url":${JSON.stringify(url)},"remoteAddress":${JSON.stringify(remoteAddress)}},` +
    `"res":{"statusCode":${statusCode}},"responseTime":${roundMs(ms)},"msg":"request"}\n`
  );
}

/**
 * One access-log line per request, written when the answer has gone, instead of Fastify's two
 * ("incoming request", "request completed"): at the gate's rate of requests the second line cost
 * as much as the work.
 *
 * A completed request's line is written here, to the logger's own destination, in pino's format
 * (the same fields, order and level): through pino it cost 16–20 µs at the gate's rate, most of it
 * the redaction pass over an object that holds only what is built below (bench/README.md, fifth
 * session). Every value in it is chosen here – the request as `serializeRequest` logs it (method,
 * URL with its secret parameters blanked, address), the status and the time – and every string is
 * JSON-escaped; no header, body or parameter value goes in. An error here is a failure to send (a
 * dropped connection), rare: it goes through pino and its `err` serializer, which keeps no value
 * the error may hold.
 */
export class AccessLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) {
      request.log.error({ req: request, res: { statusCode: reply.statusCode }, responseTime: roundMs(reply.elapsedTime), err: error }, 'request errored');
      return;
    }
    lineStreamOf(request.log)?.write(accessLine(request.id, request, reply.statusCode, reply.elapsedTime));
  }
}
