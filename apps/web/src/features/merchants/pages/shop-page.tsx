import DotLoading from 'antd-mobile/es/components/dot-loading';
import { Link } from 'react-router';
import { formatDistance } from '@sq/contract/map/geo';
import { SERVICE_CATEGORIES, isServiceCategory } from '@sq/contract/map/service-categories';
import { WebRoute } from '@sq/contract/routes';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { StaticMap } from '../../../components/static-map';
import { useCurrentCommunityId } from '../../../lib/use-current-community';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { navigationUrl } from '../../nearby';
import { useShop, useShopBatches } from '../api/merchant-queries';

/** /bussiness?id=: a shop's public page in the current community – never its owner or licence photo. */
export function ShopPage({ id }: { id: string }) {
  const current = useCurrentCommunityId();
  const shop = useShop(id, current.poiId);
  const batches = useShopBatches(id, shop.data ? current.poiId : null);
  const s = shop.data?.shop;
  useDocumentTitle(s?.name ?? '商家主页');
  if (!current.poiId || shop.isPending) {
    return (
      <main className="mc-page">
        <PageHeader title="商家主页" />
        {current.settled && !current.poiId ? <EmptyState title="暂无数据~">请先在首页选择社区</EmptyState> : <DotLoading color="primary" />}
      </main>
    );
  }
  if (!s) {
    return (
      <main className="mc-page">
        <PageHeader title="商家主页" />
        <EmptyState title="无法查看">{shop.error?.message || '店铺不存在或未通过审核'}</EmptyState>
      </main>
    );
  }
  const nav = navigationUrl({ location: `${s.lng},${s.lat}`, name: s.name });
  return (
    <main className="mc-page">
      <PageHeader title="商家主页" />
      <section className="mc-section" aria-label="店铺信息">
        <h1 className="mc-card-name">{s.name}</h1>
        <div className="mc-row">
          <span className="mc-muted">{isServiceCategory(s.category) ? SERVICE_CATEGORIES[s.category].label : ''}</span>
          <span className={s.openNow ? 'mc-open' : 'mc-closed'}>{s.openNow ? '营业中' : '休息中'}</span>
          <span className="mc-muted">营业时间 {s.hours.replace(',', '，')}</span>
        </div>
        <div className="mc-row">
          <span>{s.address}</span>
          <span className="mc-muted">距小区 {formatDistance(s.distanceM)}</span>
        </div>
        <div className="mc-row mc-muted">电话 {s.phone}</div>
        {s.intro && <p>{s.intro}</p>}
        {s.photos.length > 0 && (
          <div className="mc-photos">
            {s.photos.map((p) => (
              <img key={p.hash} src={p.url} alt={`${s.name}照片`} loading="lazy" />
            ))}
          </div>
        )}
        <div className="mc-actions">
          <a className="adm-button adm-button-primary adm-button-shape-rounded mc-call" href={`tel:${s.phone}`}>
            拨打电话
          </a>
          {nav && (
            <a className="adm-button adm-button-default adm-button-shape-rounded mc-call" href={nav} target="_blank" rel="noreferrer">
              去这里
            </a>
          )}
        </div>
      </section>
      <section className="mc-section" aria-label="位置">
        <h2>位置</h2>
        <StaticMap lng={s.lng} lat={s.lat} label={s.name} />
      </section>
      {batches.data && (
        <section className="mc-section" aria-label="优惠券">
          <h2>优惠券</h2>
          {batches.data.batches.length === 0 ? (
            <p className="mc-muted">暂无可领取的优惠券</p>
          ) : (
            batches.data.batches.map((b) => (
              <Link key={b.id} className="mc-status" to={`${WebRoute.couponClaim}?id=${b.id}`}>
                <span>
                  <strong>{b.face}</strong> {b.title}
                </span>
                <span className="mc-link">剩 {b.left} 张 ›</span>
              </Link>
            ))
          )}
        </section>
      )}
      <section className="mc-section mc-muted" aria-label="经营资质">
        统一社会信用代码：{s.licenceNo}
        {s.mine && (
          <div>
            <Link className="mc-link" to={WebRoute.business}>
              进入商家中心 ›
            </Link>
          </div>
        )}
      </section>
    </main>
  );
}
