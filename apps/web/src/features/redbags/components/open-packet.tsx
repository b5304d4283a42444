import { Link } from 'react-router';
import { priceText } from '@sq/contract/money';
import { WebRoute } from '@sq/contract/routes';
import { useOpenRedbag, useRedbag } from '../api/redbag-queries';
import { redbagLinks, Refusal } from './redbag-parts';

/** /redbag?id=: a neighbour's shared packet – 拆 takes the next share as a coupon, once per person. */
export function OpenPacket({ id, poiId }: { id: string; poiId: string }) {
  const packet = useRedbag(id, poiId, true);
  const open = useOpenRedbag(id);
  if (packet.error) return <Refusal message={packet.error.message} />;
  const p = packet.data;
  if (!p) return <p className="rb-muted" role="status">正在加载…</p>;
  const got = open.data ? { amountFen: open.data.amountFen } : p.mine;
  const empty = !got && p.opened >= p.shares;
  return (
    <>
      <section className="rb-packet" aria-live="polite">
        <h2>{p.title}</h2>
        <p className="rb-packet-shop">
          {p.isSharer ? '您分享的红包' : `${p.sharer || '邻居'}分享的红包`} · {p.merchant.name}
        </p>
        {got ? (
          <>
            <p className="rb-amount">
              <small>¥</small>
              {priceText(got.amountFen).slice(1)}
            </p>
            <p className="rb-note">已存入“我的优惠券”，到{p.merchant.name}消费时出示使用{p.thresholdFen > 0 ? `（满${priceText(p.thresholdFen)}可用）` : ''}。</p>
          </>
        ) : empty ? (
          <p className="rb-refusal">红包已被领完</p>
        ) : open.error ? (
          <p className="rb-refusal" role="alert">
            {open.error.message}
          </p>
        ) : (
          <button type="button" className="rb-open" disabled={open.isPending} onClick={() => open.mutate(poiId)}>
            拆
          </button>
        )}
        <p className="rb-note">
          已领 {open.data ? open.data.idx + 1 : p.opened}/{p.shares} 份 · 共{priceText(p.packetFen)}
        </p>
      </section>
      <section className="rb-card">
        <p className="rb-muted">红包是商家发的优惠券，不是现金；每人每个红包只能拆一次。</p>
        <div className="rb-actions">
          <Link className="rb-link" to={WebRoute.coupons}>
            我的优惠券
          </Link>
          <Link className="rb-link" to={WebRoute.redbag}>
            我也要领红包
          </Link>
          {p.isSharer && (
            <Link className="rb-link" to={redbagLinks.share(p.id)}>
              谁领了
            </Link>
          )}
        </div>
      </section>
    </>
  );
}
