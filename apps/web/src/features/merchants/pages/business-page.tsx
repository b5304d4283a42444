import { useState } from 'react';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import Tabs from 'antd-mobile/es/components/tabs';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { useCurrentCommunityId } from '../../../lib/use-current-community';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useMyShops, useReviewQueue } from '../api/merchant-queries';
import { ApplyForm } from '../components/apply-form';
import { ReviewTab } from '../components/review-tab';
import { ShopCentre } from '../components/shop-centre';
import '../merchants.css';

/**
 * /business, 商家中心: the application form when the caller has no shop; otherwise each shop's
 * review per community, edits, clerks and its coupons and counter. Reviewers (the operator, a
 * community's administrators and managers) also get the 商家审核 tab.
 */
export function BusinessPage() {
  useDocumentTitle('商家中心');
  const current = useCurrentCommunityId();
  const mine = useMyShops();
  // Asked once to learn whether the caller reviews at all (403: the tab is not there).
  const reviewer = useReviewQueue(true, 'pending');
  const [tab, setTab] = useState('shop');
  const shops = mine.data?.shops ?? [];
  const shopPane = !mine.data ? (
    <DotLoading color="primary" />
  ) : shops.length === 0 ? (
    current.poiId ? (
      <ApplyForm poiId={current.poiId} onDone={() => void mine.refetch()} />
    ) : (
      <EmptyState title="请先选择社区">在首页选择您店铺附近的社区后再申请入驻</EmptyState>
    )
  ) : (
    shops.map((s) => <ShopCentre key={s.id} id={s.id} poiId={current.poiId ?? ''} />)
  );
  return (
    <main className="mc-page">
      <PageHeader title="商家中心" heading />
      {reviewer.isSuccess ? (
        <Tabs activeKey={tab} onChange={setTab}>
          <Tabs.Tab title="我的店铺" key="shop">
            {shopPane}
          </Tabs.Tab>
          <Tabs.Tab title={`商家审核${reviewer.data.shops.length ? `（${reviewer.data.shops.length}）` : ''}`} key="review">
            <ReviewTab />
          </Tabs.Tab>
        </Tabs>
      ) : (
        shopPane
      )}
    </main>
  );
}
