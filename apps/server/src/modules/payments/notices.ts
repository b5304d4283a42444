import type { KeyObject } from 'node:crypto';
import { decryptResource, signedHeadersOf, verifySigned, type NoticeResource } from './wechatpay/crypto';
import type { RefundState, Transaction } from './wechatpay/provider';
import type { PaymentsService, PaymentsLog } from './service';

/**
 * WeChat Pay's notices (支付成功通知, 退款结果通知): the signature and its timestamp checked first,
 * on the exact bytes received; then the resource decrypted with the API v3 key; then handled once
 * (pay_notices by id, and the ledger's (kind, ref)). WeChat's expected answers: 204 for handled,
 * 4xx/5xx with {code: 'FAIL', message} to be sent again later.
 */
export interface NoticeAnswer {
  status: number;
  body: { code: string; message: string } | null;
}

const FAIL = (status: number, message: string): NoticeAnswer => ({ status, body: { code: 'FAIL', message } });
const OK: NoticeAnswer = { status: 204, body: null };

export function createNoticeHandler(d: {
  service: PaymentsService;
  apiV3Key: string;
  trust: { publicKeyId: string; publicKey: KeyObject };
  mchId: string;
  log: PaymentsLog;
  now: () => Date;
}) {
  return async function handle(kind: 'transaction' | 'refund', headers: Record<string, string | string[] | undefined>, raw: string): Promise<NoticeAnswer> {
    if (!verifySigned(signedHeadersOf(headers), raw, d.trust, d.now().getTime())) {
      d.log.warn({ kind }, 'pay notice refused: signature, key id or timestamp not valid');
      return FAIL(401, '签名验证失败');
    }
    let notice: { id: string; event_type: string; resource: NoticeResource };
    let plain: unknown;
    try {
      notice = JSON.parse(raw) as typeof notice;
      if (typeof notice.id !== 'string' || typeof notice.event_type !== 'string' || !notice.resource) return FAIL(400, '通知格式不正确');
      plain = JSON.parse(decryptResource(notice.resource, d.apiV3Key));
    } catch {
      d.log.warn({ kind }, 'pay notice refused: not readable or not decryptable');
      return FAIL(400, '通知无法解密');
    }
    const ref = { id: notice.id, eventType: notice.event_type };
    try {
      if (kind === 'transaction') {
        if (notice.event_type !== 'TRANSACTION.SUCCESS') return OK;
        const outcome = await d.service.settlePaid(plain as Transaction, ref);
        if (outcome === 'mismatch' || outcome === 'amount') return FAIL(400, '订单信息不符');
        return OK;
      }
      const r = plain as RefundState & { refund_status?: RefundState['status']; mchid?: string };
      if (r.mchid !== d.mchId || typeof r.out_refund_no !== 'string') return FAIL(400, '商户号不符');
      const outcome = await d.service.settleRefund({ ...r, status: r.refund_status ?? r.status }, ref);
      if (outcome === 'amount') {
        d.log.error({ outRefundNo: r.out_refund_no }, 'refund notice amount differs from the refund: not applied');
        return FAIL(400, '退款金额不符');
      }
      return OK;
    } catch (e) {
      d.log.error({ kind, err: e instanceof Error ? e.name : 'error' }, 'pay notice not handled: WeChat Pay sends it again');
      return FAIL(500, '处理失败，请稍后重试');
    }
  };
}
