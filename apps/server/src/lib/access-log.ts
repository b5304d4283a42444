import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

const ms = (reply: FastifyReply) => Math.round(reply.elapsedTime * 10) / 10;

/**
 * One access-log line per request, written when the answer has gone, instead of Fastify's two
 * ("incoming request", "request completed"): at the gate's rate of requests the second line cost
 * as much as the work. The request is logged through its serializer (URL secrets blanked); an
 * error here is a failure to send (a dropped connection), logged through the logger's `err`
 * serializer, which keeps no value it may hold.
 */
export class AccessLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = { req: request, res: { statusCode: reply.statusCode }, responseTime: ms(reply) };
    if (error) request.log.error({ ...line, err: error }, 'request errored');
    else request.log.info(line, 'request');
  }
}
