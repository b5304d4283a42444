import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { beijingDateTime } from '@sq/contract/beijing-time';
import { priceText } from '@sq/contract/money';
import { cancelOrderCall } from '@sq/contract/orders/calls';
import { orderStatusText } from '@sq/contract/orders/order-rules';
import { WebRoute } from '@sq/contract/routes';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { callApi } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { PickupCode } from '../../pickup';
import { orderKeys, useOrder } from '../api/order-queries';
import '../../../components/group-buy.css';

const when = (unix: number) => beijingDateTime(new Date(unix * 1000));

/** /myorder/detail?id=: an order's lines, total, state, the pay button while unpaid, pickup point and time. */
export function OrderDetailPage() {
  useDocumentTitle('订单详情');
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const q = useOrder(id);
  const qc = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const o = q.data?.order;
  const cancel = async () => {
    try {
      await callApi(cancelOrderCall, { id }, { silent: true });
      void qc.invalidateQueries({ queryKey: orderKeys.all });
    } catch (e) {
      setProblem((e as Error).message);
    }
  };
  return (
    <main className="gb-page">
      <PageHeader title="订单详情" heading />
      {!id ? (
        <EmptyState title="链接不完整" />
      ) : q.isPending ? (
        <DotLoading color="primary" />
      ) : q.isError ? (
        <EmptyState title="无法查看">{q.error.message}</EmptyState>
      ) : (
        o && (
          <>
            <section className="gb-box">
              <p className={`gb-status gb-status-${o.status} gb-status-big`} data-testid="order-status">
                {orderStatusText(o.status)}
              </p>
              {o.status === 'unpaid' && <p className="gb-hint">请在 {when(o.payBy)} 前付款，超时订单将自动取消</p>}
              <h2 className="gb-title">{o.groupBuy.title}</h2>
              <p className="gb-card-seller">{o.groupBuy.seller}</p>
            </section>
            <section className="gb-box" aria-label="商品">
              {o.lines.map((l) => (
                <p className="gb-line" key={l.itemId}>
                  <span>
                    {l.name} × {l.qty}
                  </span>
                  <span>{priceText(l.priceFen * l.qty)}</span>
                </p>
              ))}
              <p className="gb-line gb-line-total">
                <span>合计</span>
                <strong data-testid="order-total">{priceText(o.totalFen)}</strong>
              </p>
              {o.refundedFen > 0 && (
                <p className="gb-line">
                  <span>已退款</span>
                  <span>{priceText(o.refundedFen)}</span>
                </p>
              )}
            </section>
            <section className="gb-box">
              <dl className="gb-rows">
                <dt>自提地点</dt>
                <dd>{o.pickupPoint}</dd>
                <dt>自提时间</dt>
                <dd>
                  {when(o.pickupFrom)} 至 {when(o.pickupUntil)}
                </dd>
                <dt>订单编号</dt>
                <dd>{o.orderNo}</dd>
                <dt>下单时间</dt>
                <dd>{when(o.createdAt)}</dd>
                {o.note && (
                  <>
                    <dt>备注</dt>
                    <dd>{o.note}</dd>
                  </>
                )}
              </dl>
            </section>
            <section className="gb-slot" data-slot="order-pickup-and-refund" aria-label="取货与退款">
              {/* A paid order not yet all handed over shows its rotating pickup code, made on this phone. */}
              {o.status === 'paid' && (
                <div className="gb-pickup">
                  <h2>提货码</h2>
                  <PickupCode orderId={o.id} />
                </div>
              )}
              {(o.status === 'paid' || o.status === 'collected') && (
                <Link className="gb-link" to={`${WebRoute.orderRefund}?id=${o.id}`}>
                  申请退款 ›
                </Link>
              )}
              {o.hasRefund && (
                <Link className="gb-link" to={`${WebRoute.orderRefunding}?id=${o.id}`}>
                  查看退款进度 ›
                </Link>
              )}
            </section>
            {o.status === 'unpaid' && (
              <div className="gb-box gb-actions">
                <Link className="gb-pay" to={`${WebRoute.orderPay}?order=${o.id}`}>
                  去付款 {priceText(o.totalFen)}
                </Link>
                <Button fill="outline" onClick={() => void cancel()}>
                  取消订单
                </Button>
              </div>
            )}
            {problem && (
              <p className="gb-problem" role="alert">
                {problem}
              </p>
            )}
          </>
        )
      )}
    </main>
  );
}
