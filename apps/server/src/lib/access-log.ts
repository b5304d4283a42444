import os from 'node:os';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino from 'pino';
import { serializeRequest } from './log-redaction';

const ms = (reply: FastifyReply) => Math.round(reply.elapsedTime * 10) / 10;

/** What every pino line starts with after its time (pino's own `pid` and `hostname` bindings). */
const PROCESS_FIELDS = `,"pid":${process.pid},"hostname":${JSON.stringify(os.hostname())}`;

type LineStream = { write(line: string): unknown };

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
    const log = request.log;
    if (error) {
      log.error({ req: request, res: { statusCode: reply.statusCode }, responseTime: ms(reply), err: error }, 'request errored');
      return;
    }
    // No pino behind the app (LOG_LEVEL=silent), or a level above info: no line.
    const logger = log as unknown as Partial<pino.Logger> & Record<symbol, LineStream | undefined>;
    const stream = logger[pino.symbols.streamSym];
    if (!stream || !logger.isLevelEnabled?.('info')) return;
    stream.write(
      `{"level":30,"time":${Date.now()}${PROCESS_FIELDS},"reqId":${JSON.stringify(request.id)},` +
        `"req":${JSON.stringify(serializeRequest(request))},` +
        `"res":{"statusCode":${reply.statusCode}},"responseTime":${ms(reply)},"msg":"request"}\n`,
    );
  }
}
