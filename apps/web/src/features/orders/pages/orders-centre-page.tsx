import { Link } from 'react-router';
import { WebRoute } from '@sq/contract/routes';
import { PageHeader } from '../../../components/page-header';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useMyLeaders } from '../../groupbuys';
import { useMyOrders } from '../api/order-queries';
import '../../../components/group-buy.css';

/** /myorder: the group-buy centre – orders by state, pickup, refunds, and the 团长's entries. */
export function OrdersCentrePage() {
  useDocumentTitle('我的团购');
  const orders = useMyOrders('all');
  const leaders = useMyLeaders();
  const counts = orders.data?.pages[0]?.counts;
  const isLeader = (leaders.data?.leaders ?? []).some((l) => l.status === 'approved');
  const tab = (state: string, label: string, n?: number) => (
    <Link className="gb-entry" to={`${WebRoute.myOrders}?state=${state}`}>
      {label}
      {n ? <span className="gb-badge">{n}</span> : null}
    </Link>
  );
  return (
    <main className="gb-page">
      <PageHeader title="我的团购" heading />
      <nav className="gb-entries" aria-label="我的订单">
        {tab('all', '全部订单')}
        {tab('unpaid', '待付款', counts?.unpaid)}
        {tab('paid', '待自提', counts?.paid)}
        {tab('collected', '已完成')}
        <Link className="gb-entry" to={WebRoute.pickupOrders}>
          待取订单
        </Link>
        <Link className="gb-entry" to={WebRoute.orderRefunding}>
          退款/售后{counts?.refund ? <span className="gb-badge">{counts.refund}</span> : null}
        </Link>
      </nav>
      <nav className="gb-entries" aria-label="团长">
        <Link className="gb-entry gb-entry-main" to={WebRoute.leaderCentre}>
          {isLeader ? '团长中心' : '申请成为团长'}
        </Link>
        {isLeader && (
          <>
            <Link className="gb-entry" to={WebRoute.leaderEarnings}>
              我的收益
            </Link>
            <Link className="gb-entry" to={WebRoute.leaderPromotion}>
              推广中心
            </Link>
          </>
        )}
      </nav>
      <Link className="gb-link" to={WebRoute.groupBuys}>
        去看看本社区的团购 ›
      </Link>
    </main>
  );
}
