import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getPayment, listReconciliations, startPayment } from '@sq/contract/payments/payments';
import type { RouteKit } from '../../lib/route-kit';
import type { NoticeAnswer } from './notices';
import type { PaymentsService } from './service';

const param = (req: FastifyRequest, name = 'id') => (req.params as Record<string, string>)[name] ?? '';

/** Where WeChat Pay posts its notices (the notify_url of prepay and refund requests). */
export const NOTICE_PATH = '/v1/pay/notices';

/** The resident's 支付 and the operator's 对账. */
export function paymentRoutes(kit: RouteKit, service: PaymentsService) {
  kit.authed(startPayment, ({ caller, body, req }) => service.start(caller, param(req), body.channel, req.ip));
  kit.authed(getPayment, ({ caller, req }) => service.status(caller, param(req)));
  kit.authed(listReconciliations, ({ caller }) => service.reconciliations(caller));
}

/**
 * The notice endpoints: WeChat Pay's own format (no envelope, hidden from the API description),
 * and the body kept as the exact text received – the signature is over those bytes.
 */
export async function noticeRoutes(scope: FastifyInstance, handle: (kind: 'transaction' | 'refund', headers: FastifyRequest['headers'], raw: string) => Promise<NoticeAnswer>) {
  await scope.register(async (child) => {
    child.removeContentTypeParser('application/json');
    child.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
    for (const kind of ['transaction', 'refund'] as const) {
      child.post(`${NOTICE_PATH}/${kind}`, { schema: { hide: true } }, async (req, reply) => {
        const answer = await handle(kind, req.headers, typeof req.body === 'string' ? req.body : '');
        reply.code(answer.status);
        return answer.body === null ? reply.send() : reply.type('application/json').send(JSON.stringify(answer.body));
      });
    }
  });
}
