import { useQuery } from '@tanstack/react-query';
import { listReconciliationsCall } from '@sq/contract/payments/calls';
import { beijingDateTime } from '@sq/contract/beijing-time';
import { priceText } from '@sq/contract/money';
import { callApi } from '../../../lib/api-client';

const OUTCOME_TEXT = { ok: '与微信支付账单一致', differences: '有差异，请核对', failed: '未能取得账单，稍后自动重试' } as const;
const REFUND_TEXT = { refunding: '退款中', refunded: '已全额退回', failed: '退款失败，请人工处理' } as const;

/**
 * 支付对账 for the platform operator: each day's comparison of our payments and refunds with WeChat
 * Pay's bill, the differences listed by order number. Nothing is shown to anyone else (the server
 * answers them 403, and this section stays away rather than saying so on a community's page).
 */
export function Reconciliations() {
  const q = useQuery({
    queryKey: ['payments', 'reconciliations'],
    queryFn: ({ signal }) => callApi(listReconciliationsCall, undefined, { signal, silent: true }),
    retry: false,
  });
  if (!q.isSuccess) return null;
  const list = q.data.reconciliations;
  const mismatches = q.data.amountMismatches;
  return (
    <section className="gb-box" aria-label="支付对账">
      <h3 className="gb-section-title">支付对账（平台）</h3>
      {list.length === 0 && <p className="gb-hint">还没有对账记录：每天上午10点后核对前一天的账单</p>}
      {list.map((r) => (
        <div key={r.billDate} className="gb-leader-row" data-testid="reconciliation">
          <p className="gb-item-name">
            {r.billDate} · {OUTCOME_TEXT[r.outcome]}
          </p>
          <p className="gb-hint">核对于 {beijingDateTime(new Date(r.checkedAt * 1000))}</p>
          {r.differences.map((d) => (
            <p key={`${d.orderNo}${d.what}`}>
              订单 {d.orderNo}：{d.what}
            </p>
          ))}
        </div>
      ))}
      {mismatches.length > 0 && <h3 className="gb-section-title">金额不符的支付（已自动关闭订单并全额退回）</h3>}
      {mismatches.map((m) => (
        <div key={m.orderNo} className="gb-leader-row" data-testid="amount-mismatch">
          <p className="gb-item-name">
            订单 {m.orderNo} · {REFUND_TEXT[m.refundStatus]}
          </p>
          <p>
            订单金额 {priceText(m.orderFen)}，实付 {priceText(m.paidFen)}，退款单 {m.refundNo}
          </p>
          <p className="gb-hint">支付于 {beijingDateTime(new Date(m.paidAt * 1000))}</p>
        </div>
      ))}
    </section>
  );
}
