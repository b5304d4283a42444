import { Link } from 'react-router';
import { formatDistance } from '@sq/contract/map/geo';
import type { ShopCard as Card } from '@sq/contract/merchants/merchants';
import { WebRoute } from '@sq/contract/routes';

/** One shop in a list: photo, name, distance, hours (open now?), coupons on offer. */
export function ShopCard({ shop, poiId }: { shop: Card; poiId: string }) {
  return (
    <Link className="mc-card" to={`${WebRoute.merchantPage}?${new URLSearchParams({ id: shop.id, poiId })}`}>
      {shop.cover ? <img src={shop.cover.thumbUrl} alt="" loading="lazy" /> : <span className="mc-noimg" />}
      <div className="mc-card-body">
        <h3 className="mc-card-name">{shop.name}</h3>
        <div className="mc-muted">{shop.address}</div>
        <div className="mc-row">
          <span className={shop.openNow ? 'mc-open' : 'mc-closed'}>{shop.openNow ? '营业中' : '休息中'}</span>
          <span className="mc-muted">{shop.hours.replace(',', '，')}</span>
          <span className="mc-muted">{formatDistance(shop.distanceM)}</span>
          {shop.coupons > 0 && <span className="mc-coupon">{shop.coupons} 张优惠券</span>}
        </div>
      </div>
    </Link>
  );
}
