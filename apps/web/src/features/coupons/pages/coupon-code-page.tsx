import { useEffect, useMemo, useState } from 'react';
import { CODE_STEP_SECONDS } from '@sq/contract/pass/code-steps';
import { holderCodeAt, type HolderKey } from '@sq/contract/codes/holder-code';
import { beijingDate } from '@sq/contract/beijing-time';
import { COUPON_STATE_NAMES } from '@sq/contract/coupons/coupon-rules';
import { WebRoute } from '@sq/contract/routes';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSecondValue } from '../../../lib/use-second';
import { QrImage, QrSquare } from '../../pass';
import { useMyCoupon } from '../api/coupon-queries';
import { myHolderKey } from '../lib/holder-key';
import './coupons.css';

/**
 * /coupon?id= – one coupon shown at the counter: a large QR made on this phone with its own key
 * (codes/holder-code.ts), a new one every 30 s on the server-corrected clock, so a photo of it
 * stops working; once opened it is kept, and shows its code with no network too.
 */
export function CouponCodePage({ id }: { id: string }) {
  useDocumentTitle('优惠券');
  const one = useMyCoupon(id);
  const [key, setKey] = useState<HolderKey | null | undefined>(undefined);
  useEffect(() => {
    void myHolderKey().then(setKey);
  }, []);
  const offset = one.data ? one.data.serverTime - one.data.receivedAt : 0;
  const step = useSecondValue((ms) => Math.floor((ms + offset) / 1000 / CODE_STEP_SECONDS));
  const left = useSecondValue((ms) => CODE_STEP_SECONDS - (Math.floor((ms + offset) / 1000) % CODE_STEP_SECONDS));
  const c = one.data?.coupon;
  const usable = c?.state === 'unused' ? c.id : null;
  // Signed once a step, not every second the countdown ticks.
  const code = useMemo(() => (usable && key ? holderCodeAt(key, 'coupon', usable, step * CODE_STEP_SECONDS * 1000).code : null), [usable, key, step]);

  return (
    <main className="cp-page">
      <PageHeader title="优惠券" heading />
      {one.isError && <p className="cp-problem">{one.error.message}</p>}
      {c && (
        <section className="cp-show" aria-label={c.title}>
          <p className="cp-show-shop">{c.merchant.name}</p>
          <p className="cp-show-face">{c.face}</p>
          <h2 className="cp-show-title">{c.title}</h2>
          {c.state === 'unused' ? (
            <>
              <div className="cp-show-qr">{code ? <QrImage value={code} alt="优惠券核销码" size={260} /> : <QrSquare size={260} />}</div>
              {key === null && <p className="cp-problem">首次出示需要联网：请连上网络后重新打开</p>}
              <p className="cp-show-hint">请向店员出示此码 · 每 {CODE_STEP_SECONDS} 秒自动更新（{left} 秒）</p>
            </>
          ) : (
            <p className="cp-show-state">{COUPON_STATE_NAMES[c.state]}</p>
          )}
          <dl className="cp-rows">
            <dt>有效期至</dt>
            <dd>{beijingDate(new Date(c.validUntil * 1000 - 1000))}</dd>
            <dt>商家地址</dt>
            <dd>{c.merchant.address}</dd>
            <dt>商家电话</dt>
            <dd>{c.merchant.phone ? <a className="cp-tel" href={`tel:${c.merchant.phone}`}>{c.merchant.phone}</a> : '—'}</dd>
            {c.rules && (
              <>
                <dt>使用规则</dt>
                <dd className="cp-pre">{c.rules}</dd>
              </>
            )}
          </dl>
          <Link className="cp-link" to={`${WebRoute.couponRules}?id=${encodeURIComponent(c.batchId)}`}>
            查看活动规则
          </Link>
        </section>
      )}
    </main>
  );
}
