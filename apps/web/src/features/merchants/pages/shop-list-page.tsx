import DotLoading from 'antd-mobile/es/components/dot-loading';
import { isServiceCategory, SERVICE_CATEGORIES } from '@sq/contract/map/service-categories';
import { WebRoute } from '@sq/contract/routes';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { useCurrentCommunityId } from '../../../lib/use-current-community';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useShops } from '../api/merchant-queries';
import { ShopCard } from '../components/shop-card';

/** /bussiness?category=: the shops of one 社区服务 category approved in the current community, nearest first. */
export function ShopListPage({ category }: { category: string }) {
  const known = isServiceCategory(category);
  const title = known ? `${SERVICE_CATEGORIES[category].label} · 社区商家` : '社区商家';
  useDocumentTitle(title);
  const current = useCurrentCommunityId();
  const shops = useShops(known ? current.poiId : null, known ? category : null);
  return (
    <main className="mc-page">
      <PageHeader title={title} heading />
      {!known ? (
        <EmptyState title="暂无数据~">没有这个分类</EmptyState>
      ) : !current.poiId ? (
        current.settled ? <EmptyState title="暂无数据~">请先在首页选择社区</EmptyState> : <DotLoading color="primary" />
      ) : shops.isPending ? (
        <div role="status" aria-label="加载中" className="mc-section">
          <DotLoading color="primary" />
        </div>
      ) : shops.isError ? (
        <EmptyState title="无法查看">{shops.error.message || '请先加入该社区'}</EmptyState>
      ) : shops.data.shops.length === 0 ? (
        <EmptyState title="暂无商家~">本社区还没有这一类的认证商家</EmptyState>
      ) : (
        <section aria-label="商家列表">
          {shops.data.shops.map((s) => (
            <ShopCard key={s.id} shop={s} poiId={current.poiId!} />
          ))}
        </section>
      )}
      {known && (
        <Link className="mc-banner" to={`${WebRoute.nearby}?service=${category}`}>
          <span>地图上的{SERVICE_CATEGORIES[category].title}</span>
          <span aria-hidden="true">›</span>
        </Link>
      )}
    </main>
  );
}
