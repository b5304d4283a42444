import DotLoading from 'antd-mobile/es/components/dot-loading';
import { Link, useSearchParams } from 'react-router';
import { WebRoute } from '@sq/contract/routes';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { useCurrentCommunityId } from '../../../lib/use-current-community';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useGroupBuys } from '../api/group-buy-queries';
import { GroupBuyCard } from '../components/group-buy-card';
import { GroupBuyDetail } from './group-buy-detail';
import '../../../components/group-buy.css';

/** /salemore: the community's group buys on sale (and coming); ?id= one group buy with its cart. */
export function GroupBuysPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  if (id) return <GroupBuyDetail id={id} leader={params.get('leader')} />;
  return <GroupBuyList leader={params.get('leader')} />;
}

function GroupBuyList({ leader }: { leader: string | null }) {
  useDocumentTitle('社区团购');
  const current = useCurrentCommunityId();
  const list = useGroupBuys(current.poiId);
  return (
    <main className="gb-page">
      <PageHeader title="社区团购" heading right={<Link className="gb-header-link" to={WebRoute.orders}>我的订单</Link>} />
      {!current.poiId ? (
        current.settled ? <EmptyState title="暂无数据~">请先在首页选择社区</EmptyState> : <DotLoading color="primary" />
      ) : list.isPending ? (
        <div role="status" aria-label="加载中" className="gb-box">
          <DotLoading color="primary" />
        </div>
      ) : list.isError ? (
        <EmptyState title="无法查看">{list.error.message}</EmptyState>
      ) : list.data.groupBuys.length === 0 ? (
        <EmptyState title="暂无团购~">本社区现在没有进行中的团购，过几天再来看看</EmptyState>
      ) : (
        <section className="gb-list" aria-label="团购列表">
          {list.data.groupBuys.map((g) => (
            <GroupBuyCard key={g.id} g={g} serverTime={list.data.serverTime} leader={leader} />
          ))}
        </section>
      )}
    </main>
  );
}
