import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { beijingDateTime } from '@sq/contract/beijing-time';
import { priceText } from '@sq/contract/money';
import { listMyRefundsCall } from '@sq/contract/refunds/calls';
import { PageHeader } from '../../../components/page-header';
import { callApi } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../../../components/groupbuy-pages.css';

/** /myorder/refunding (?id= one order's) – 退款进度: the buyer's refunds, 申请中, 退款中, 已退款 or 已拒绝 with the seller's reason. */
export function RefundingPage() {
  useDocumentTitle('退款进度');
  const [params] = useSearchParams();
  const orderId = params.get('id');
  const refunds = useQuery({ queryKey: ['refunds', 'mine'], queryFn: ({ signal }) => callApi(listMyRefundsCall, undefined, { signal }) });
  const list = (refunds.data?.refunds ?? []).filter((r) => !orderId || r.orderId === orderId);
  return (
    <main className="pk-page">
      <PageHeader title="退款进度" heading />
      {refunds.isError && <p className="pk-problem">{refunds.error.message}</p>}
      {refunds.data && list.length === 0 && <p className="pk-empty">暂无退款申请</p>}
      {list.map((r) => (
        <article key={r.id} className="pk-card" data-testid="my-refund">
          <p>
            <span className="pk-state" data-state={r.state}>
              {r.stateName}
            </span>{' '}
            <strong>{priceText(r.amountFen)}</strong>
          </p>
          <p>
            {r.groupBuyTitle}：{r.lines.map((l) => `${l.name} × ${l.qty}`).join('，')}
          </p>
          <p className="pk-meta">原因：{r.reason}</p>
          {r.refuseReason && <p className="pk-problem">拒绝原因：{r.refuseReason}</p>}
          <p className="pk-meta">
            申请于 {beijingDateTime(new Date(r.createdAt * 1000))}
            {r.decidedAt ? ` · 处理于 ${beijingDateTime(new Date(r.decidedAt * 1000))}` : ''}
            {r.state === 'refunding' ? ' · 款项将原路退回，一般1–3个工作日到账' : ''}
          </p>
        </article>
      ))}
    </main>
  );
}
