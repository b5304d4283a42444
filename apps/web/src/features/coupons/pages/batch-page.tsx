import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import Selector from 'antd-mobile/es/components/selector';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { beijingDateTime } from '@sq/contract/beijing-time';
import { claimCouponCall } from '@sq/contract/coupons/calls';
import { COUPON_KIND_NAMES, CouponMsg } from '@sq/contract/coupons/coupon-rules';
import type { BatchCard } from '@sq/contract/coupons/coupons';
import { levelName } from '@sq/contract/levels/level-rules';
import { WebRoute } from '@sq/contract/routes';
import { PageHeader } from '../../../components/page-header';
import { callApi } from '../../../lib/api-client';
import { useMyCommunities } from '../../../lib/my-communities';
import { currentToken } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useBatch } from '../api/coupon-queries';
import './coupons.css';

const when = (unix: number) => beijingDateTime(new Date(unix * 1000)).slice(0, 16);

/**
 * /rcoupon?id= (what a shared link or a poster in the shop opens: claim it) and /cactivity?id=
 * (the batch's campaign page: the same, with its terms in full). The claim is in a community the
 * caller belongs to, chosen when there are several; the server's refusals are said as it words them.
 */
export function BatchPage({ campaign }: { campaign: boolean }) {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  useDocumentTitle(campaign ? '优惠活动' : '领取优惠券');
  const batch = useBatch(id);
  const b = batch.data?.batch;
  return (
    <main className="cp-page">
      <PageHeader title={campaign ? '优惠活动' : '领取优惠券'} heading />
      {!id && <p className="cp-problem">链接不完整</p>}
      {batch.isError && <p className="cp-problem">{batch.error.message}</p>}
      {b && (
        <section className="cp-batch" aria-label={b.title}>
          <Link className="cp-batch-shop" to={`${WebRoute.merchantPage}?id=${encodeURIComponent(b.merchant.id)}`}>
            {b.merchant.name} ›
          </Link>
          <p className="cp-show-face">{b.face}</p>
          <h2 className="cp-show-title">{b.title}</h2>
          <p className="cp-batch-left" data-testid="batch-left">
            {b.status === 'stopped' ? '商家已停止发放' : `剩余 ${b.left} / ${b.total} 张`}
          </p>
          <Claim batch={b} />
          <dl className="cp-rows">
            <dt>类型</dt>
            <dd>{COUPON_KIND_NAMES[b.kind]}</dd>
            <dt>领取时间</dt>
            <dd>
              {when(b.claimStartsAt)} 至 {when(b.claimEndsAt)}
            </dd>
            <dt>有效期</dt>
            <dd>领取后 {b.validDays} 天内有效</dd>
            <dt>每人限领</dt>
            <dd>{b.perPerson} 张</dd>
            {b.minLevel > 0 && (
              <>
                <dt>会员等级</dt>
                <dd>{levelName(b.minLevel)}及以上</dd>
              </>
            )}
            {campaign && (
              <>
                <dt>商家地址</dt>
                <dd>{b.merchant.address}</dd>
              </>
            )}
            {campaign && b.rules && (
              <>
                <dt>使用规则</dt>
                <dd className="cp-pre">{b.rules}</dd>
              </>
            )}
          </dl>
          <Link className="cp-link" to={`${WebRoute.couponRules}?id=${encodeURIComponent(b.id)}`}>
            活动规则
          </Link>
        </section>
      )}
    </main>
  );
}

function Claim({ batch: b }: { batch: BatchCard }) {
  const token = currentToken();
  const communities = useMyCommunities(token);
  const qc = useQueryClient();
  const [poiId, setPoiId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<{ ok: boolean; text: string; couponId?: string } | null>(null);
  const here = `${window.location.pathname}${window.location.search}`;
  if (!token)
    return (
      <Link className="cp-button" to={`${WebRoute.login}?referer=${encodeURIComponent(here)}`}>
        登录后领取
      </Link>
    );
  const mine = (communities.data ?? []).filter((c) => c.pass === 1 || c.home);
  const chosen = poiId ?? (mine.length === 1 ? mine[0]!.poiId : null);
  const claim = async () => {
    if (!chosen) return;
    setBusy(true);
    try {
      const got = await callApi(claimCouponCall, { id: b.id, poiId: chosen }, { silent: true });
      setSaid({ ok: true, text: '领取成功，已放入“我的优惠券”', couponId: got.coupon.id });
      void qc.invalidateQueries({ queryKey: ['coupons'] });
    } catch (e) {
      setSaid({ ok: false, text: (e as Error).message });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="cp-claim">
      {mine.length > 1 && (
        <>
          <p className="cp-claim-label">在哪个社区领取：</p>
          <Selector columns={1} value={chosen ? [chosen] : []} onChange={(v) => setPoiId(v[0] ?? null)} options={mine.map((c) => ({ label: c.community, value: c.poiId }))} />
        </>
      )}
      {communities.isSuccess && mine.length === 0 && <p className="cp-problem">请先加入社区（通行证审核通过或房屋登记）后再领取</p>}
      <Button block color="danger" size="large" loading={busy} disabled={!chosen || b.status !== 'active' || b.left === 0} onClick={() => void claim()}>
        立即领取
      </Button>
      {said && (
        <p className={said.ok ? 'cp-said-ok' : 'cp-problem'} role={said.ok ? 'status' : 'alert'} data-testid="claim-result">
          {said.text}
          {said.couponId && (
            <>
              {' '}
              <Link to={`${WebRoute.coupons}?id=${encodeURIComponent(said.couponId)}`}>去使用</Link>
            </>
          )}
        </p>
      )}
      {!said && b.status === 'active' && b.left === 0 && (
        <p className="cp-problem" role="alert" data-testid="claim-result">
          {CouponMsg.gone}
        </p>
      )}
      {b.mine > 0 && !said && <p className="cp-claim-label">您已领取 {b.mine} 张</p>}
    </div>
  );
}
