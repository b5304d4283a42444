import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { priceText } from '@sq/contract/money';
import { getRefundableCall, requestRefundCall } from '@sq/contract/refunds/calls';
import { REFUND_PHOTOS_MAX, REFUND_REASON_MAX } from '@sq/contract/refunds/refunds';
import type { StoredImage } from '@sq/contract/images/upload-image';
import { WebRoute } from '@sq/contract/routes';
import { PageHeader } from '../../../components/page-header';
import { callApi } from '../../../lib/api-client';
import { uploadImage } from '../../../lib/upload-image';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../../../components/groupbuy-pages.css';

/**
 * /myorder/refund?id= – 申请退款: the buyer chooses units and says why. Units not yet collected are
 * refunded on a reason; units already collected only for a bad item, with 1–6 photos. The amount
 * is units × price, never more than what is left of the payment (the server checks it again).
 */
export function RefundPage() {
  useDocumentTitle('申请退款');
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const navigate = useNavigate();
  const order = useQuery({ queryKey: ['refunds', 'refundable', id], enabled: !!id, retry: false, queryFn: ({ signal }) => callApi(getRefundableCall, { id }, { signal, silent: true }) });
  const [after, setAfter] = useState(false);
  const [qty, setQty] = useState<Record<string, number>>({});
  const [reason, setReason] = useState('');
  const [photos, setPhotos] = useState<StoredImage[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const o = order.data;
  const amount = o ? o.lines.reduce((s, l) => s + (qty[l.itemId] ?? 0) * l.priceFen, 0) : 0;
  const anyCollected = o?.lines.some((l) => l.collected > 0) ?? false;

  return (
    <main className="pk-page">
      <PageHeader title="申请退款" heading />
      {!id && <p className="pk-problem">链接不完整：请从订单详情进入</p>}
      {order.isError && <p className="pk-problem">{order.error.message}</p>}
      {o && (
        <section className="pk-card" aria-label="退款内容">
          <h2 className="pk-group-title">{o.groupBuyTitle}</h2>
          <p className="pk-meta">
            订单 {o.orderNo} · 实付 {priceText(o.totalFen)}
            {o.refundedFen ? ` · 已退 ${priceText(o.refundedFen)}` : ''} · 最多可退 {priceText(o.leftFen)}
          </p>
          {anyCollected && (
            <div className="pk-sellers" role="radiogroup" aria-label="退款类型">
              <button type="button" aria-pressed={!after} onClick={() => (setAfter(false), setQty({}))}>
                未提货的商品
              </button>
              <button type="button" aria-pressed={after} onClick={() => (setAfter(true), setQty({}))}>
                已提货·商品有问题
              </button>
            </div>
          )}
          <ul className="pk-lines">
            {o.lines.map((l) => {
              const max = after ? l.collected : l.uncollected;
              const n = qty[l.itemId] ?? 0;
              return (
                <li key={l.itemId} className="pk-line">
                  <span className="pk-line-name">
                    {l.name} <small>{priceText(l.priceFen)} · 可退 {max} 件</small>
                  </span>
                  <span className="pk-stepper">
                    <button type="button" aria-label={`${l.name}减一`} disabled={n <= 0} onClick={() => setQty({ ...qty, [l.itemId]: n - 1 })}>
                      −
                    </button>
                    <output aria-label={`${l.name}退款数量`}>{n}</output>
                    <button type="button" aria-label={`${l.name}加一`} disabled={n >= max} onClick={() => setQty({ ...qty, [l.itemId]: n + 1 })}>
                      ＋
                    </button>
                  </span>
                </li>
              );
            })}
          </ul>
          <label className="pk-field">
            退款原因
            <textarea value={reason} maxLength={REFUND_REASON_MAX} rows={3} onChange={(e) => setReason(e.target.value)} placeholder={after ? '请描述商品的问题' : '例如：临时出差，无法提货'} />
          </label>
          {after && (
            <div className="pk-field">
              商品问题照片（{photos.length}/{REFUND_PHOTOS_MAX}，至少 1 张）
              <div className="pk-photos">
                {photos.map((p) => (
                  <img key={p.hash} src={p.thumbUrl} alt="已上传的照片" width={64} height={64} />
                ))}
              </div>
              {photos.length < REFUND_PHOTOS_MAX && (
                <input
                  type="file"
                  accept="image/*"
                  aria-label="上传照片"
                  onChange={(e) => {
                    const file = e.target.files?.[0];
                    e.target.value = '';
                    if (file)
                      uploadImage(o.poiId, file, () => undefined).then(
                        (img) => setPhotos((list) => [...list, img]),
                        (err: Error) => setProblem(err.message),
                      );
                  }}
                />
              )}
            </div>
          )}
          <p className="pk-figure">
            退款金额 <strong data-testid="refund-amount">{priceText(amount)}</strong>
          </p>
          {problem && (
            <p className="pk-problem" role="alert">
              {problem}
            </p>
          )}
          <div className="pk-actions">
            <button
              type="button"
              className="pk-primary"
              disabled={busy || amount === 0}
              onClick={async () => {
                setBusy(true);
                setProblem(null);
                try {
                  const lines = o.lines.filter((l) => (qty[l.itemId] ?? 0) > 0).map((l) => ({ itemId: l.itemId, qty: qty[l.itemId]! }));
                  await callApi(requestRefundCall, { id: o.orderId, lines, afterPickup: after, reason, photos: photos.map((p) => p.hash) }, { silent: true });
                  void navigate(`${WebRoute.orderRefunding}?id=${o.orderId}`);
                } catch (e) {
                  setProblem((e as Error).message);
                } finally {
                  setBusy(false);
                }
              }}
            >
              提交退款申请
            </button>
          </div>
        </section>
      )}
    </main>
  );
}
