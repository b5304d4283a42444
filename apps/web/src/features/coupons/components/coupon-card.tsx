import { Link } from 'react-router';
import { beijingDate } from '@sq/contract/beijing-time';
import { COUPON_KIND_NAMES, COUPON_STATE_NAMES } from '@sq/contract/coupons/coupon-rules';
import type { MyCoupon } from '@sq/contract/coupons/coupons';
import { WebRoute } from '@sq/contract/routes';

/** One of the resident's coupons: face, title, shop, until when; an unused one opens its code. */
export function CouponCard({ coupon: c }: { coupon: MyCoupon }) {
  const body = (
    <>
      <div className="cp-card-face">
        <strong>{c.face}</strong>
        <span>{COUPON_KIND_NAMES[c.kind]}</span>
      </div>
      <div className="cp-card-body">
        <h3 className="cp-card-title">{c.title}</h3>
        <p className="cp-card-line">{c.merchant.name}</p>
        <p className="cp-card-line">
          {c.state === 'used' && c.usedAt ? `已于 ${beijingDate(new Date(c.usedAt * 1000))} 使用` : `有效期至 ${beijingDate(new Date(c.validUntil * 1000 - 1000))}`}
        </p>
      </div>
      <span className={`cp-card-state cp-state-${c.state}`}>{c.state === 'unused' ? '去使用' : COUPON_STATE_NAMES[c.state]}</span>
    </>
  );
  if (c.state !== 'unused') return <div className="cp-card cp-card-off">{body}</div>;
  return (
    <Link className="cp-card" to={`${WebRoute.coupons}?id=${encodeURIComponent(c.id)}`}>
      {body}
    </Link>
  );
}
