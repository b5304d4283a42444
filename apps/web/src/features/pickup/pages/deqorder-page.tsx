import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { beijingDateTime } from '@sq/contract/beijing-time';
import { priceText } from '@sq/contract/money';
import { agreeRefundCall, refuseRefundCall } from '@sq/contract/refunds/calls';
import { WebRoute } from '@sq/contract/routes';
import { PageHeader } from '../../../components/page-header';
import { callApi } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { pickupKeys, useDayList, useMyPickups, useMySellers, useSellerRefunds } from '../api/pickup-queries';
import { PickupCode } from '../components/pickup-code';
import { PickupScanner } from '../components/pickup-scanner';
import { useOfflinePickup } from '../lib/use-offline-pickup';
import '../../../components/groupbuy-pages.css';

/**
 * /myorder/deqorder – 待取订单. For a 团长 or a shop's staff: the paid orders waiting, by pickup point
 * and day (printable on A4), the refunds waiting on them, and 扫码提货. For anyone else – and for a
 * seller with ?me=1 – their own orders waiting for pickup, each with its pickup code.
 */
export function DeqorderPage() {
  useDocumentTitle('待取订单');
  const [params, setParams] = useSearchParams();
  const sellers = useMySellers();
  const list = sellers.data?.sellers ?? [];
  const chosen = params.get('seller');
  const seller = chosen ? list.find((s) => s.id === chosen) : list[0];
  if (sellers.isPending) return <p className="pk-wait">正在读取…</p>;
  if (params.get('me') === '1' || !seller) return <MyPickups sellerLink={list.length > 0} />;
  return (
    <main className="pk-page">
      <PageHeader title="待取订单" heading right={<Link className="pk-tap pk-header-link" to={`${WebRoute.pickupOrders}?me=1`}>我的待取</Link>} />
      {list.length > 1 && (
        <nav className="pk-sellers no-print" aria-label="选择团长身份或店铺">
          {list.map((s) => (
            <button key={s.id} type="button" aria-pressed={s.id === seller.id} onClick={() => setParams({ seller: s.id })}>
              {s.name}
            </button>
          ))}
        </nav>
      )}
      <SellerSide key={seller.id} sellerId={seller.id} />
    </main>
  );
}

function SellerSide({ sellerId }: { sellerId: string }) {
  const day = useDayList(sellerId);
  const offline = useOfflinePickup(sellerId);
  const [scanning, setScanning] = useState(false);
  const client = useQueryClient();
  if (scanning)
    return (
      <div className="gs-screen pk-scan">
        <PickupScanner
          sellerId={sellerId}
          offline={offline}
          onStop={() => {
            setScanning(false);
            offline.sync();
            void client.invalidateQueries({ queryKey: pickupKeys.list(sellerId) });
          }}
        />
      </div>
    );
  const data = day.data;
  return (
    <>
      <div className="pk-toolbar no-print">
        <button type="button" className="pk-primary" onClick={() => setScanning(true)}>
          扫码提货
        </button>
        <button type="button" className="pk-secondary" onClick={() => window.print()} disabled={!data?.groups.length}>
          打印提货单
        </button>
      </div>
      <p className="pk-kit no-print" data-testid="pickup-kit-status">
        {offline.kit ? `离线名单 ${offline.kit.orders.length} 单，可断网提货` : '尚无离线名单：联网后自动获取'}
        {offline.pending > 0 ? ` · 待上传 ${offline.pending} 条` : ''}
      </p>
      {offline.kitError && <p className="pk-problem">{offline.kitError}</p>}
      {offline.refused.length > 0 && (
        <div className="pk-problem" role="alert">
          离线提货上传后被拒绝 {offline.refused.length} 单：
          <ul>
            {offline.refused.map((r, i) => (
              <li key={i}>
                {r.label}：{r.message}
              </li>
            ))}
          </ul>
          <button type="button" className="pk-secondary" onClick={offline.dismissRefused}>
            知道了
          </button>
        </div>
      )}
      <WaitingRefunds sellerId={sellerId} />
      {day.isError && <p className="pk-problem">{day.error.message}</p>}
      {data && data.groups.length === 0 && <p className="pk-empty">暂无待取订单</p>}
      {data?.groups.map((g) => (
        <section key={`${g.date}|${g.pickupPoint}`} className="pk-group" aria-label={`${g.date} ${g.pickupPoint}`}>
          <h2 className="pk-group-title">
            {g.date} · {g.pickupPoint}
          </h2>
          <p className="pk-print-only">{data.name} · 提货单</p>
          <table className="pk-totals">
            <caption>合计（待取）</caption>
            <tbody>
              {g.totals.map((t) => (
                <tr key={t.name}>
                  <th scope="row">{t.name}</th>
                  <td>{t.qty} 件</td>
                </tr>
              ))}
            </tbody>
          </table>
          <table className="pk-orders">
            <thead>
              <tr>
                <th scope="col">顾客</th>
                <th scope="col">商品</th>
                <th scope="col" className="pk-print-only">签收</th>
              </tr>
            </thead>
            <tbody>
              {g.orders.map((o) => (
                <tr key={o.orderId} data-testid="pickup-row">
                  <td>
                    {o.buyer.name}
                    <br />
                    <small>{o.buyer.mobile}</small>
                    <br />
                    <small>{o.orderNo}</small>
                  </td>
                  <td>
                    {o.lines.map((l) => (
                      <div key={l.itemId}>
                        {l.name} × {l.qty}
                        {l.collected ? `（已取 ${l.collected}）` : ''}
                        {l.refunded ? `（退 ${l.refunded}）` : ''}
                      </div>
                    ))}
                    {o.refundOpen && <small className="pk-flag">退款处理中</small>}
                  </td>
                  <td className="pk-print-only pk-sign" />
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </>
  );
}

/** Refunds waiting on the seller: agree (退款中, sent to WeChat Pay) or refuse with a reason. 退款失败 shown to staff. */
function WaitingRefunds({ sellerId }: { sellerId: string }) {
  const refunds = useSellerRefunds(sellerId);
  const client = useQueryClient();
  const [refusing, setRefusing] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const list = refunds.data?.refunds ?? [];
  if (list.length === 0) return null;
  const done = () => {
    setRefusing(null);
    setReason('');
    void client.invalidateQueries({ queryKey: pickupKeys.refunds(sellerId) });
    void client.invalidateQueries({ queryKey: pickupKeys.list(sellerId) });
  };
  const act = (p: Promise<unknown>) => p.then(done, (e: Error) => setProblem(e.message));
  return (
    <section className="pk-refunds no-print" aria-labelledby="pk-refunds-title">
      <h2 id="pk-refunds-title">待处理退款（{list.length}）</h2>
      {problem && <p className="pk-problem">{problem}</p>}
      {list.map((r) => (
        <article key={r.id} className="pk-refund" data-testid="seller-refund">
          <p>
            <strong>{r.stateName}</strong> · {priceText(r.amountFen)} · {r.buyer?.name} {r.buyer?.mobile}
          </p>
          <p>
            {r.groupBuyTitle}：{r.lines.map((l) => `${l.name} × ${l.qty}`).join('，')}
          </p>
          <p>原因：{r.reason}</p>
          {r.photos.length > 0 && (
            <div className="pk-photos">
              {r.photos.map((p) => (
                <a key={p.hash} href={p.url} target="_blank" rel="noreferrer">
                  <img src={p.thumbUrl} alt="商品问题照片" width={64} height={64} />
                </a>
              ))}
            </div>
          )}
          <p className="pk-meta">申请于 {beijingDateTime(new Date(r.createdAt * 1000))}</p>
          {r.state === 'requested' &&
            (refusing === r.id ? (
              <div className="pk-refuse">
                <label>
                  拒绝原因
                  <input value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} placeholder="请告诉顾客为什么不能退款" />
                </label>
                <button type="button" className="pk-secondary" onClick={() => setRefusing(null)}>
                  取消
                </button>
                <button type="button" className="pk-danger" onClick={() => act(callApi(refuseRefundCall, { id: r.id, reason }))}>
                  确认拒绝
                </button>
              </div>
            ) : (
              <div className="pk-actions">
                <button type="button" className="pk-secondary" onClick={() => setRefusing(r.id)}>
                  拒绝
                </button>
                <button type="button" className="pk-primary" onClick={() => act(callApi(agreeRefundCall, { id: r.id }))}>
                  同意退款
                </button>
              </div>
            ))}
        </article>
      ))}
    </section>
  );
}

/** The resident's own paid orders waiting for pickup, each with its rotating code. */
function MyPickups({ sellerLink }: { sellerLink: boolean }) {
  const mine = useMyPickups(true);
  const offset = mine.data ? mine.data.serverTime - mine.dataUpdatedAt : 0;
  return (
    <main className="pk-page">
      <PageHeader title="我的待取订单" heading right={sellerLink ? <Link className="pk-tap pk-header-link" to={WebRoute.pickupOrders}>团长/店铺</Link> : undefined} />
      {mine.isError && <p className="pk-problem">{mine.error.message}</p>}
      {mine.data && mine.data.orders.length === 0 && <p className="pk-empty">暂无待取订单</p>}
      {mine.data?.orders.map((o) => (
        <section key={o.orderId} className="pk-mine" aria-label={o.groupBuyTitle}>
          <h2>{o.groupBuyTitle}</h2>
          <p className="pk-meta">
            提货点：{o.pickupPoint}
            <br />
            提货时间：{beijingDateTime(new Date(o.pickupFrom * 1000))} 至 {beijingDateTime(new Date(o.pickupUntil * 1000))}
          </p>
          <ul className="pk-mine-lines">
            {o.lines.map((l) => (
              <li key={l.itemId}>
                {l.name} × {l.qty}
                {l.collected ? `（已取 ${l.collected}）` : ''}
              </li>
            ))}
          </ul>
          <PickupCode orderId={o.orderId} offsetMs={offset} size={220} />
          <p className="pk-meta">
            订单 {o.orderNo} · 实付 {priceText(o.totalFen)} · <Link className="pk-tap" to={`${WebRoute.orderRefund}?id=${o.orderId}`}>申请退款</Link>
          </p>
        </section>
      ))}
    </main>
  );
}
