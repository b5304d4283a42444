import { useRef, useState } from 'react';
import { checkPickupCodeCall, collectOrderCall } from '@sq/contract/pickup/calls';
import { priceText } from '@sq/contract/money';
import { callApi } from '../../../lib/api-client';
import { ApiError, isClientError } from '../../../lib/api-error';
import { ScannerScreen, useContinuousScan } from '../../gate';
import { checkOrderOffline, leftOf, type PickupVerdictState } from '../lib/pickup-offline';
import type { useOfflinePickup } from '../lib/use-offline-pickup';

type Ok = Extract<PickupVerdictState, { kind: 'ok' }>;

/** After a handover, the same order's code is not opened again for this long. */
const HANDED_PAUSE_MS = 15_000;

/**
 * 扫码提货: the gate's scanner (gate/components/scanner-shell.tsx) reading buyers' pickup codes –
 * online, or offline from the seller's kit. A code found stops the camera and shows the order's
 * lines: the staff chooses what is handed over (all that is left by default), and it is sent, or
 * queued with no network; then the camera reads the next.
 */
export function PickupScanner({ sellerId, offline, onStop }: { sellerId: string; offline: ReturnType<typeof useOfflinePickup>; onStop: () => void }) {
  const [picking, setPicking] = useState<Ok | null>(null);
  const [count, setCount] = useState(0);
  const [last, setLast] = useState<string | null>(null);
  // The buyer's phone still in view after the handover: its order is not opened again at once.
  const justHanded = useRef<{ orderId: string; until: number } | null>(null);
  const found = (v: Ok) => {
    const j = justHanded.current;
    if (j && j.orderId === v.order.orderId && Date.now() < j.until) return;
    setPicking(v);
  };
  if (picking)
    return (
      <HandOver
        verdict={picking}
        onCancel={() => setPicking(null)}
        onDone={async (lines) => {
          const o = picking.order;
          const label = `${o.orderNo} · ${o.buyer.name}`;
          const queue = async () => {
            const kit = offline.kitRef.current;
            const at = Date.now() + (kit ? kit.serverTime - kit.receivedAt : 0);
            await offline.handOver({ code: picking.code, at, lines, label }, o.orderId);
          };
          if (picking.offline) await queue();
          else {
            try {
              await callApi(collectOrderCall, { id: sellerId, orderId: o.orderId, lines }, { silent: true });
            } catch (e) {
              if (isClientError(e)) return (e as Error).message;
              await queue(); // the network went between the scan and the handover
            }
          }
          setCount((n) => n + 1);
          setLast(`${label}${picking.offline ? ' · 离线' : ''}`);
          justHanded.current = { orderId: o.orderId, until: Date.now() + HANDED_PAUSE_MS };
          setPicking(null);
          return null;
        }}
      />
    );
  return <Camera sellerId={sellerId} offline={offline} onStop={onStop} onFound={found} count={count} last={last} />;
}

function Camera({ sellerId, offline, onStop, onFound, count, last }: { sellerId: string; offline: ReturnType<typeof useOfflinePickup>; onStop: () => void; onFound: (v: Ok) => void; count: number; last: string | null }) {
  const { kitRef } = offline;
  const { video, problem, retry, verdict } = useContinuousScan<PickupVerdictState>(
    sellerId,
    () => (text) =>
      callApi(checkPickupCodeCall, { id: sellerId, code: text.trim() }, { silent: true }).then(
        (order): PickupVerdictState => ({ kind: 'ok', order, code: text.trim() }),
        (e: unknown): PickupVerdictState => {
          const kit = kitRef.current;
          if (isClientError(e) || !kit) return { kind: 'no', message: e instanceof ApiError ? e.message : '网络不可用，且尚无离线名单，无法提货' };
          return checkOrderOffline(kit, text.trim(), Date.now()).verdict;
        },
      ),
    'pickup-verdict',
    (state) => state.kind === 'ok' && onFound(state),
  );
  return (
    <ScannerScreen
      video={video}
      problem={problem}
      onRetry={retry}
      title="扫码提货"
      backLabel="返回"
      onBack={onStop}
      count={
        <span className="gs-count" data-testid="pickup-count">
          已提货 {count} 单
        </span>
      }
      hint="请将顾客的提货码对准框内"
      verdict={
        verdict?.kind === 'no' ? (
          <div className="gs-verdict gs-verdict-no" role="alert" data-testid="pickup-verdict" data-verdict="no">
            <span className="gs-verdict-icon" aria-hidden="true">
              ✕
            </span>
            <p className="gs-verdict-word">不能提货</p>
            <p className="gs-verdict-text">{verdict.message}</p>
            {verdict.offline && <p className="gs-verdict-offline">离线核验</p>}
          </div>
        ) : null
      }
    >
      {last && (
        <span className="gs-last" data-testid="pickup-last">
          上一单：{last}
        </span>
      )}
      <span className="gs-kit" data-testid="pickup-kit">
        {offline.kit ? `离线名单 ${offline.kit.orders.length} 单` : '尚无离线名单：联网后自动获取'}
        {offline.pending > 0 ? ` · 待上传 ${offline.pending} 条` : ''}
      </span>
    </ScannerScreen>
  );
}

/** The order found: its lines with what is left, the units handed over chosen (all by default). */
function HandOver({ verdict, onCancel, onDone }: { verdict: Ok; onCancel: () => void; onDone: (lines: { itemId: string; collected: number }[]) => Promise<string | null> }) {
  const o = verdict.order;
  const [give, setGive] = useState<Record<string, number>>(() => Object.fromEntries(o.lines.map((l) => [l.itemId, leftOf(l)])));
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const total = o.lines.reduce((s, l) => s + (give[l.itemId] ?? 0), 0);
  return (
    <section className="pk-handover" aria-labelledby="pk-handover-title" data-testid="pickup-handover">
      <p className="pk-ok" aria-hidden="true">
        ✓
      </p>
      <h1 id="pk-handover-title">提货码有效{verdict.offline ? '（离线核验）' : ''}</h1>
      <p className="pk-buyer">
        {o.buyer.name} · {o.buyer.mobile}
      </p>
      <p className="pk-meta">
        {o.groupBuyTitle} · 订单 {o.orderNo}
      </p>
      {o.refundOpen && <p className="pk-problem">该订单有退款申请未处理：申请退款的数量不能交货</p>}
      <ul className="pk-lines">
        {o.lines.map((l) => {
          const left = leftOf(l);
          const n = give[l.itemId] ?? 0;
          return (
            <li key={l.itemId} className="pk-line">
              <span className="pk-line-name">
                {l.name} <small>{priceText(l.priceFen)}</small>
                <small className="pk-line-state">
                  共 {l.qty} 件{l.collected ? ` · 已取 ${l.collected}` : ''}
                  {l.refunded ? ` · 退款 ${l.refunded}` : ''}
                </small>
              </span>
              {left === 0 ? (
                <span className="pk-line-done">已取完</span>
              ) : (
                <span className="pk-stepper">
                  <button type="button" aria-label={`${l.name}减一`} disabled={n <= 0} onClick={() => setGive({ ...give, [l.itemId]: n - 1 })}>
                    −
                  </button>
                  <output aria-label={`${l.name}本次交货数量`}>{n}</output>
                  <button type="button" aria-label={`${l.name}加一`} disabled={n >= left} onClick={() => setGive({ ...give, [l.itemId]: n + 1 })}>
                    ＋
                  </button>
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {problem && (
        <p className="pk-problem" role="alert">
          {problem}
        </p>
      )}
      <div className="pk-actions">
        <button type="button" className="pk-secondary" onClick={onCancel} disabled={busy}>
          取消
        </button>
        <button
          type="button"
          className="pk-primary"
          disabled={busy || total === 0}
          onClick={async () => {
            setBusy(true);
            const lines = o.lines.filter((l) => (give[l.itemId] ?? 0) > 0).map((l) => ({ itemId: l.itemId, collected: l.collected + (give[l.itemId] ?? 0) }));
            setProblem(await onDone(lines));
            setBusy(false);
          }}
        >
          确认交货 {total} 件
        </button>
      </div>
    </section>
  );
}
