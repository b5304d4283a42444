import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { beijingDate, beijingDateTime } from '@sq/contract/beijing-time';
import { priceText } from '@sq/contract/money';
import { WebRoute } from '@sq/contract/routes';
import { PageHeader } from '../../../components/page-header';
import { postDownload } from '../../../lib/form-download';
import { currentToken } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useEarnings, useMyLeaderships } from '../api/earnings-queries';
import '../../../components/groupbuy-pages.css';

/**
 * /myorder/myprofit – 我的收益 (团长): commission pending (orders paid, not yet collected: on paid −
 * refunded) and settled (from the ledger, after pickup), per order, and the month's statement .xlsx.
 */
export function EarningsPage() {
  useDocumentTitle('我的收益');
  const [params, setParams] = useSearchParams();
  const leaders = useMyLeaderships();
  const list = leaders.data?.leaders ?? [];
  const leader = list.find((l) => l.id === params.get('leader')) ?? list[0];
  const earnings = useEarnings(leader?.id);
  const [month, setMonth] = useState(() => beijingDate(new Date()).slice(0, 7));
  const e = earnings.data;
  return (
    <main className="pk-page">
      <PageHeader title="我的收益" heading right={leader ? <Link className="pk-tap pk-header-link" to={WebRoute.leaderPromotion}>推广</Link> : undefined} />
      {leaders.isError && <p className="pk-problem">{leaders.error.message}</p>}
      {leaders.data && !leader && (
        <p className="pk-empty">
          您还不是已通过审核的团长。<Link className="pk-tap" to={WebRoute.leaderCentre}>去申请成为团长 ›</Link>
        </p>
      )}
      {list.length > 1 && (
        <nav className="pk-sellers" aria-label="选择小区">
          {list.map((l) => (
            <button key={l.id} type="button" aria-pressed={l.id === leader?.id} onClick={() => setParams({ leader: l.id })}>
              {l.displayName}
            </button>
          ))}
        </nav>
      )}
      {earnings.isError && <p className="pk-problem">{earnings.error.message}</p>}
      {e && (
        <>
          <section className="pk-card pk-figures" aria-label="佣金">
            <p className="pk-figure">
              待结算佣金
              <strong data-testid="pending-commission">{priceText(e.pendingFen)}</strong>
              <small className="pk-meta">顾客提货后结算</small>
            </p>
            <p className="pk-figure">
              已结算佣金
              <strong data-testid="settled-commission">{priceText(e.settledFen)}</strong>
            </p>
          </section>
          <section className="pk-card" aria-label="月度对账单">
            <label className="pk-field">
              月度对账单（Excel）
              <input type="month" value={month} onChange={(ev) => setMonth(ev.target.value)} aria-label="月份" />
            </label>
            <button type="button" className="pk-secondary" disabled={!/^\d{4}-\d{2}$/.test(month)} onClick={() => postDownload(`/v1/leaders/${encodeURIComponent(e.leaderId)}/statement?month=${month}`, { token: currentToken() ?? '' })}>
              下载 {month} 对账单
            </button>
          </section>
          <section className="pk-card" aria-label="订单佣金">
            <h2 className="pk-group-title">订单佣金</h2>
            {e.orders.length === 0 && <p className="pk-meta">还没有计入您名下的订单：分享推广链接，邻居下单后计入</p>}
            {e.orders.map((o) => (
              <div key={o.orderId} className="pk-refund" data-testid="earning-row">
                <p>
                  <span className="pk-state">{o.state === 'settled' ? '已结算' : '待结算'}</span> <strong>{priceText(o.commissionFen)}</strong>
                  <small className="pk-meta">
                    {' '}
                    （{o.commissionBp / 100}% × {priceText(o.amountFen)}）
                  </small>
                </p>
                <p className="pk-meta">
                  {o.groupBuyTitle} · {o.orderNo}
                  <br />
                  支付于 {beijingDateTime(new Date(o.paidAt * 1000))}
                  {o.settledAt ? ` · 结算于 ${beijingDateTime(new Date(o.settledAt * 1000))}` : ''}
                </p>
              </div>
            ))}
          </section>
        </>
      )}
    </main>
  );
}
