import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { beijingDateTime } from '@sq/contract/beijing-time';
import { cancelGroupBuyCall } from '@sq/contract/groupbuys/calls';
import { GROUP_BUY_STATE_TEXT, refundedInFullState, timeLeftText } from '@sq/contract/groupbuys/group-buy-rules';
import type { GroupBuy } from '@sq/contract/groupbuys/group-buys';
import { priceText } from '@sq/contract/money';
import { createOrderCall } from '@sq/contract/orders/calls';
import { ORDER_NOTE_MAX_CHARS } from '@sq/contract/orders/order-rules';
import { WebRoute } from '@sq/contract/routes';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { callApi } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { groupBuyKeys, useGroupBuy } from '../api/group-buy-queries';
import { cartLines, cartTotal, cartUnits, newClientKey, type Cart } from '../lib/cart';

const when = (unix: number) => beijingDateTime(new Date(unix * 1000));

/** /salemore?id=: one group buy – photos, items with a quantity each, the per-person limit, the total, 提交订单. */
export function GroupBuyDetail({ id, leader }: { id: string; leader: string | null }) {
  const q = useGroupBuy(id, leader);
  const g = q.data?.groupBuy;
  useDocumentTitle(g?.title ?? '团购详情');
  return (
    <main className="gb-page gb-page-cart">
      <PageHeader title="团购详情" heading />
      {q.isPending ? (
        <div role="status" aria-label="加载中" className="gb-box">
          <DotLoading color="primary" />
        </div>
      ) : q.isError ? (
        <EmptyState title="无法查看">{q.error.message}</EmptyState>
      ) : (
        <Detail g={g!} serverTime={q.data.serverTime} leader={leader} />
      )}
    </main>
  );
}

function Detail({ g, serverTime, leader }: { g: GroupBuy; serverTime: number; leader: string | null }) {
  const [cart, setCart] = useState<Cart>({});
  const [note, setNote] = useState('');
  const [clientKey] = useState(newClientKey);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const navigate = useNavigate();
  const units = cartUnits(cart);
  const total = cartTotal(cart, g.items);
  const room = Math.max(g.perPersonLimit - g.mine, 0);
  const selling = g.state === 'selling';
  const submit = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const got = await callApi(createOrderCall, { groupBuyId: g.id, lines: cartLines(cart), note, clientKey, ...(leader ? { leaderId: leader } : {}) }, { silent: true });
      await navigate(`${WebRoute.orderPay}?order=${got.order.id}`);
    } catch (e) {
      setProblem((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      {g.photos.length > 0 && (
        <div className="gb-gallery" role="region" aria-label="团购图片" tabIndex={0}>
          {g.photos.map((p) => (
            <img key={p.url} src={p.url} alt="" />
          ))}
        </div>
      )}
      <section className="gb-box">
        <h2 className="gb-title">{g.title}</h2>
        <p className="gb-card-seller">
          {g.seller.kind === 'leader' ? '团长' : '商家'}：{g.seller.name}
        </p>
        <p className="gb-state" data-testid="gb-state">
          {g.state === 'selling' ? `火热团购中 · 剩 ${timeLeftText(g.closesAt - serverTime)} 截单` : g.state === 'coming' ? `${timeLeftText(g.opensAt - serverTime)}后开团` : GROUP_BUY_STATE_TEXT[g.state]}
          {g.statusReason ? `（${g.statusReason}）` : ''}
        </p>
        {!refundedInFullState(g.state) && (
          <p className={g.buyers >= g.minOrders ? 'gb-progress gb-progress-ok' : 'gb-progress'}>
            {g.buyers >= g.minOrders ? `已成团：${g.buyers}人参团` : `${g.minOrders}人成团，已有${g.buyers}人参团；截单时未成团将自动全额退款`}
          </p>
        )}
        {g.intro && <p className="gb-intro">{g.intro}</p>}
        <dl className="gb-rows">
          <dt>截单时间</dt>
          <dd>{when(g.closesAt)}</dd>
          <dt>自提地点</dt>
          <dd>{g.pickupPoint}</dd>
          <dt>自提时间</dt>
          <dd>
            {when(g.pickupFrom)} 至 {when(g.pickupUntil)}
          </dd>
          <dt>每人限购</dt>
          <dd>
            {g.perPersonLimit} 件{g.mine > 0 ? `（您已买 ${g.mine} 件）` : ''}
          </dd>
          {g.creditedLeader && g.creditedLeader.id !== g.seller.id && (
            <>
              <dt>推荐团长</dt>
              <dd>{g.creditedLeader.name}</dd>
            </>
          )}
        </dl>
      </section>
      <section className="gb-box" aria-label="商品">
        <h3 className="gb-section-title">{selling ? '选择商品' : '商品'}</h3>
        {g.items.map((i) => {
          const left = i.stock - i.sold;
          const mine = cart[i.id] ?? 0;
          return (
            <div className="gb-item" key={i.id} data-testid="gb-item">
              {i.photo ? <img className="gb-item-photo" src={i.photo.thumbUrl} alt="" /> : <div className="gb-item-photo gb-card-nophoto">团</div>}
              <div className="gb-item-body">
                <p className="gb-item-name">{i.name}</p>
                {i.spec && <p className="gb-item-spec">{i.spec}</p>}
                <p className="gb-price">{priceText(i.priceFen)}</p>
                {!refundedInFullState(g.state) && <p className="gb-item-left">{left > 0 ? `剩 ${left} 件` : '已售罄'}</p>}
              </div>
              {selling && left > 0 && (
                <Quantity name={i.name} value={mine} max={Math.max(Math.min(left, room - units + mine), mine)} onChange={(v) => setCart((c) => ({ ...c, [i.id]: v }))} />
              )}
            </div>
          );
        })}
      </section>
      {selling && (
        <section className="gb-box">
          <label className="gb-label">
            备注（选填）
            <textarea className="gb-input" placeholder="如：请放门口" value={note} maxLength={ORDER_NOTE_MAX_CHARS} onChange={(e) => setNote(e.target.value)} rows={2} />
          </label>
        </section>
      )}
      {g.canCancel && <CancelGroupBuy id={g.id} />}
      {selling && (
        <div className="gb-cart-bar">
          <div className="gb-cart-total">
            <span>合计</span>
            <strong data-testid="cart-total">{priceText(total)}</strong>
            <small>共 {units} 件</small>
          </div>
          <Button color="danger" size="large" disabled={units === 0} loading={busy} onClick={() => void submit()}>
            提交订单
          </Button>
        </div>
      )}
      {problem && (
        <p className="gb-problem" role="alert" data-testid="order-problem">
          {problem}
        </p>
      )}
      <Link className="gb-link" to={WebRoute.orders}>
        我的团购订单 ›
      </Link>
    </>
  );
}

/** The seller's cancel: every paid order is refunded, its buyers told the reason. */
function CancelGroupBuy({ id }: { id: string }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [said, setSaid] = useState<string | null>(null);
  const qc = useQueryClient();
  const cancel = async () => {
    try {
      const got = await callApi(cancelGroupBuyCall, { id, reason }, { silent: true });
      setSaid(`已取消，${got.refunds}笔已付款订单将原路退款`);
      void qc.invalidateQueries({ queryKey: groupBuyKeys.all });
    } catch (e) {
      setSaid((e as Error).message);
    }
  };
  return (
    <section className="gb-box">
      {!open ? (
        <Button block fill="outline" color="danger" onClick={() => setOpen(true)}>
          取消团购
        </Button>
      ) : (
        <>
          <label className="gb-label">
            取消原因（会告知已下单的居民）
            <textarea className="gb-input" value={reason} onChange={(e) => setReason(e.target.value)} rows={2} />
          </label>
          <Button block color="danger" onClick={() => void cancel()}>
            确认取消并退款
          </Button>
        </>
      )}
      {said && <p role="status">{said}</p>}
    </section>
  );
}

/** − n ＋ with big buttons (antd-mobile's Stepper names neither its input nor its buttons for a screen reader). */
function Quantity({ name, value, max, onChange }: { name: string; value: number; max: number; onChange: (v: number) => void }) {
  return (
    <div className="gb-stepper" role="group" aria-label={`${name}数量`}>
      <button type="button" aria-label={`减少${name}`} disabled={value <= 0} onClick={() => onChange(value - 1)}>
        −
      </button>
      <output aria-live="polite">{value}</output>
      <button type="button" aria-label={`增加${name}`} disabled={value >= max} onClick={() => onChange(value + 1)}>
        ＋
      </button>
    </div>
  );
}
