import DotLoading from 'antd-mobile/es/components/dot-loading';
import Tabs from 'antd-mobile/es/components/tabs';
import { useSearchParams } from 'react-router';
import { ORDER_LIST_STATE_TEXT, ORDER_LIST_STATES, type OrderListState } from '@sq/contract/orders/order-rules';
import { EmptyState } from '../../../components/empty-state';
import { LoadMore } from '../../../components/load-more';
import { PageHeader } from '../../../components/page-header';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useMyOrders } from '../api/order-queries';
import { OrderCard } from '../components/order-card';
import '../../../components/group-buy.css';

const stateOf = (v: string | null): OrderListState => (ORDER_LIST_STATES as readonly string[]).includes(v ?? '') ? (v as OrderListState) : 'all';

/** /myorder/my?state=: the caller's orders in one state, more loaded as the list is scrolled. */
export function MyOrdersPage() {
  useDocumentTitle('我的订单');
  const [params, setParams] = useSearchParams();
  const state = stateOf(params.get('state'));
  const orders = useMyOrders(state);
  return (
    <main className="gb-page">
      <PageHeader title="我的订单" heading />
      <Tabs activeKey={state} onChange={(k) => setParams({ state: k }, { replace: true })}>
        {ORDER_LIST_STATES.map((s) => (
          <Tabs.Tab key={s} title={ORDER_LIST_STATE_TEXT[s]} />
        ))}
      </Tabs>
      {orders.isPending ? (
        <DotLoading color="primary" />
      ) : orders.isError ? (
        <EmptyState title="无法查看">{orders.error.message}</EmptyState>
      ) : orders.data.pages[0]!.orders.length === 0 ? (
        <EmptyState title="暂无订单~">这里还没有订单</EmptyState>
      ) : (
        <section className="gb-list" aria-label="订单列表">
          {orders.data.pages.flatMap((p) => p.orders).map((o) => (
            <OrderCard key={o.id} o={o} />
          ))}
          <LoadMore hasMore={orders.hasNextPage} loading={orders.isFetchingNextPage} onMore={() => void orders.fetchNextPage()} />
        </section>
      )}
    </main>
  );
}
