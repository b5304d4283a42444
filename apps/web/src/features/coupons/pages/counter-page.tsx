import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { beijingDateTime } from '@sq/contract/beijing-time';
import { redeemCouponCall } from '@sq/contract/coupons/calls';
import { useMyShops } from '../api/coupon-queries';
import { MERCHANT_ROLE_NAMES, MERCHANT_STATUS_NAMES } from '@sq/contract/merchants/merchant-rules';
import { WebRoute } from '@sq/contract/routes';
import { callApi } from '../../../lib/api-client';
import { ApiError, isClientError } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ScannerScreen, useContinuousScan } from '../../gate';
import { CouponVerdict } from '../components/coupon-verdict';
import { checkCouponOffline, type CouponVerdictState, type StoredCounterKit } from '../lib/counter-offline';
import { useOfflineCounter, type Refused } from '../lib/use-offline-counter';
import './coupons.css';

/**
 * 商家收银台 (/bs?shop=): the page a shop's staff keep open at the counter – the gate's scanner
 * (gate/components/scanner-shell.tsx) reading customers' coupon codes one after another, online,
 * or offline from the shop's kit and sent when the network is back. Several shops: chosen first.
 */
export function CounterPage() {
  const [params, setParams] = useSearchParams();
  const chosen = params.get('shop');
  const shops = useMyShops();
  useDocumentTitle('商家收银台');
  const approved = (shops.data?.shops ?? []).filter((s) => s.status === 'approved');
  const shop = chosen ? approved.find((s) => s.id === chosen) : approved.length === 1 ? approved[0] : undefined;
  if (shop) return <Counter shopId={shop.id} shopName={shop.name} />;
  // A shop named in the link is opened even before the list answers (or with no network): the kit says whether the caller is its staff.
  if (chosen && !shops.isSuccess) return <Counter shopId={chosen} shopName={null} />;
  return (
    <main className="gs-screen">
      <section className="gs-chooser" aria-labelledby="gs-title">
        <Link className="gs-back" to={WebRoute.business} aria-label="返回">
          ‹ 返回
        </Link>
        <h1 id="gs-title">商家收银台</h1>
        {shops.isPending && <p className="gs-explain">正在读取您的店铺…</p>}
        {shops.isError && <p className="gs-problem">{shops.error.message}</p>}
        {shops.data && approved.length === 0 && (
          <p className="gs-explain">
            您还没有已通过审核的店铺。{shops.data.shops.map((s) => `${s.name}：${MERCHANT_STATUS_NAMES[s.status]}`).join('；')}
          </p>
        )}
        {approved.length > 1 && (
          <>
            <p className="gs-explain">请选择要核销的店铺</p>
            <div className="gs-directions">
              {approved.map((s) => (
                <button key={s.id} type="button" className="gs-direction" onClick={() => setParams({ shop: s.id })}>
                  {s.name}（{MERCHANT_ROLE_NAMES[s.role]}）
                </button>
              ))}
            </div>
          </>
        )}
      </section>
    </main>
  );
}

function Counter({ shopId, shopName }: { shopId: string; shopName: string | null }) {
  const offline = useOfflineCounter(shopId);
  const [scanning, setScanning] = useState(false);
  return (
    <main className="gs-screen">
      {scanning ? (
        <CounterScanner shopId={shopId} offline={offline} onStop={() => setScanning(false)} />
      ) : (
        <section className="gs-chooser" aria-labelledby="gs-title">
          <Link className="gs-back" to={WebRoute.business} aria-label="返回">
            ‹ 返回
          </Link>
          <h1 id="gs-title">商家收银台</h1>
          <p className="gs-community">{shopName ?? offline.kit?.name ?? ''}</p>
          <p className="gs-explain">请顾客打开“我的优惠券”中的券码，将摄像头对准二维码：结果全屏显示并提示音，无需点按，下一位直接扫。断网时按离线名单核销，联网后自动上传。</p>
          <div className="gs-directions">
            <button type="button" className="gs-direction" onClick={() => setScanning(true)}>
              开始核销
            </button>
          </div>
          {offline.kitError && <p className="gs-problem">{offline.kitError}</p>}
          <RefusedList refused={offline.refused} onDismiss={offline.dismissRefused} />
          <CounterKitStatus kit={offline.kit} pending={offline.pending} />
          <Link className="cp-counter-link" to={`${WebRoute.couponManage}?shop=${encodeURIComponent(shopId)}`}>
            优惠券管理与核销记录 ›
          </Link>
        </section>
      )}
    </main>
  );
}

function CounterKitStatus({ kit, pending }: { kit: StoredCounterKit | null; pending: number }) {
  return (
    <span className="gs-kit" data-testid="counter-kit">
      {kit ? `离线名单 ${kit.coupons.length} 张 · 更新于 ${beijingDateTime(new Date(kit.serverTime)).slice(11)}` : '尚无离线名单：联网后自动获取'}
      {pending > 0 ? ` · 待上传 ${pending} 条` : ''}
    </span>
  );
}

/** Offline redemptions the server refused when they were sent: the clerk must know (the customer may still be there, or call). */
function RefusedList({ refused, onDismiss }: { refused: Refused[]; onDismiss: () => void }) {
  if (refused.length === 0) return null;
  return (
    <div className="cp-refused" role="alert" data-testid="counter-refused">
      <p className="cp-refused-title">离线核销上传后被拒绝 {refused.length} 张：</p>
      <ul>
        {refused.map((r, i) => (
          <li key={i}>
            {r.label ? `${r.label}：` : ''}
            {r.message}
          </li>
        ))}
      </ul>
      <button type="button" className="gs-retry" onClick={onDismiss}>
        知道了
      </button>
    </div>
  );
}

function CounterScanner({ shopId, offline, onStop }: { shopId: string; offline: ReturnType<typeof useOfflineCounter>; onStop: () => void }) {
  const [count, setCount] = useState(0);
  const [last, setLast] = useState<Extract<CouponVerdictState, { kind: 'ok' }> | null>(null);
  const { kitRef, enqueue, redeemed } = offline;

  const { video, problem, retry, verdict } = useContinuousScan<CouponVerdictState>(
    shopId,
    () => (text) =>
      callApi(redeemCouponCall, { id: shopId, code: text.trim() }, { silent: true }).then(
        (v): CouponVerdictState => {
          if (!v.repeat) setCount((n) => n + 1);
          redeemed.current.set(v.couponId, text.trim());
          return { kind: 'ok', couponId: v.couponId, title: v.title, face: v.face, holder: v.holder, repeat: v.repeat };
        },
        (e: unknown): CouponVerdictState => {
          const kit = kitRef.current;
          // No network (or the server is down): the phone decides with its kit, and the redemption waits to be sent.
          if (isClientError(e) || !kit) return { kind: 'no', message: e instanceof ApiError ? e.message : '网络不可用，且尚无离线名单，无法核销' };
          const checked = checkCouponOffline(kit, text.trim(), Date.now(), redeemed.current);
          if (checked.verdict.kind === 'ok' && !checked.repeat) {
            setCount((n) => n + 1);
            void enqueue({ kind: 'coupon', merchantId: shopId, code: text.trim(), at: checked.at, label: `${checked.verdict.title} · ${checked.verdict.holder.name}` });
          }
          return checked.verdict;
        },
      ),
    'coupon-verdict',
    (state) => state.kind === 'ok' && setLast(state),
  );

  return (
    <ScannerScreen
      video={video}
      problem={problem}
      onRetry={retry}
      title="核销优惠券"
      backLabel="返回"
      onBack={onStop}
      count={
        <span className="gs-count" data-testid="counter-count">
          已核销 {count} 张
        </span>
      }
      hint="请将顾客的优惠券二维码对准框内"
      verdict={verdict && <CouponVerdict state={verdict} />}
    >
      {last && (
        <span className="gs-last" data-testid="counter-last">
          上一张：{last.face} · {last.holder.name}
          {last.offline ? ' · 离线' : ''}
        </span>
      )}
      <CounterKitStatus kit={offline.kit} pending={offline.pending} />
    </ScannerScreen>
  );
}
