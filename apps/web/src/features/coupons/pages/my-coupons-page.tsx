import Tabs from 'antd-mobile/es/components/tabs';
import { Link, useSearchParams } from 'react-router';
import { COUPON_STATES, COUPON_STATE_NAMES, type CouponState } from '@sq/contract/coupons/coupon-rules';
import { WebRoute } from '@sq/contract/routes';
import { EmptyState } from '../../../components/empty-state';
import { LoadMore } from '../../../components/load-more';
import { PageHeader } from '../../../components/page-header';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useMyCoupons } from '../api/coupon-queries';
import { CouponCard } from '../components/coupon-card';
import { CouponCodePage } from './coupon-code-page';
import './coupons.css';

const EMPTY: Record<CouponState, string> = { unused: '没有可用的优惠券', used: '还没有用过优惠券', expired: '没有过期的优惠券' };

/** /coupon (我的优惠券): the resident's coupons by state with counts; ?id= one coupon's code for the counter. */
export function MyCouponsPage() {
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  if (id) return <CouponCodePage id={id} />;
  const state = (COUPON_STATES as readonly string[]).includes(params.get('state') ?? '') ? (params.get('state') as CouponState) : 'unused';
  return <CouponList state={state} onState={(s) => setParams({ state: s }, { replace: true })} />;
}

function CouponList({ state, onState }: { state: CouponState; onState: (s: CouponState) => void }) {
  useDocumentTitle('我的优惠券');
  const list = useMyCoupons(state);
  const counts = list.data?.pages[0]?.counts;
  const coupons = list.data?.pages.flatMap((p) => p.coupons) ?? [];
  return (
    <main className="cp-page">
      <PageHeader title="我的优惠券" heading right={<Link className="cp-head-link" to={WebRoute.couponRules}>规则</Link>} />
      <Tabs activeKey={state} onChange={(k) => onState(k as CouponState)}>
        {COUPON_STATES.map((s) => (
          <Tabs.Tab key={s} title={`${COUPON_STATE_NAMES[s]}${counts ? `（${counts[s]}）` : ''}`} />
        ))}
      </Tabs>
      <section className="cp-list" aria-label={COUPON_STATE_NAMES[state]}>
        {list.isError && <p className="cp-problem">{list.error.message}</p>}
        {list.isSuccess && coupons.length === 0 && <EmptyState title={EMPTY[state]} />}
        {coupons.map((c) => (
          <CouponCard key={c.id} coupon={c} />
        ))}
        {coupons.length > 0 && <LoadMore hasMore={Boolean(list.hasNextPage)} loading={list.isFetchingNextPage} onMore={() => void list.fetchNextPage()} />}
      </section>
    </main>
  );
}
