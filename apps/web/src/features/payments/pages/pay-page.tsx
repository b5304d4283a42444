import { useEffect, useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { priceText } from '@sq/contract/money';
import type { OrderPayment } from '@sq/contract/payments/payments';
import { WebRoute } from '@sq/contract/routes';
import { PageHeader } from '../../../components/page-header';
import { isNativeShell, postToHost } from '../../../lib/native-bridge';
import { showToast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSecond } from '../../../lib/use-second';
import { usePayment, useStartPayment } from '../api/payment-queries';
import { countdownText, payChannelFor, withReturn } from '../lib/pay-channel';
import './pay-page.css';

interface JsBridge {
  invoke(name: 'getBrandWCPayRequest', params: object, done: (res: { err_msg: string }) => void): void;
}

/** Inside WeChat: getBrandWCPayRequest once WeixinJSBridge is ready. Resolves with WeChat's err_msg. */
function payInWechat(params: object): Promise<string> {
  return new Promise((resolve) => {
    const run = () => (window as unknown as { WeixinJSBridge: JsBridge }).WeixinJSBridge.invoke('getBrandWCPayRequest', params, (res) => resolve(res.err_msg));
    if ((window as unknown as { WeixinJSBridge?: JsBridge }).WeixinJSBridge) run();
    else document.addEventListener('WeixinJSBridgeReady', run, { once: true });
  });
}

/** /pay?order= – the amount, the order number, 微信支付 (JSAPI, H5 or the shells' bridge), the 15-minute countdown, then the result. */
export function OrderPayPage() {
  const [params] = useSearchParams();
  const id = params.get('order') ?? '';
  useDocumentTitle('订单支付');
  const [waiting, setWaiting] = useState(params.get('back') === '1');
  const payment = usePayment(id, waiting);
  const start = useStartPayment(id);
  const navigate = useNavigate();
  const p = payment.data?.payment;

  useEffect(() => {
    if (p && (p.status === 'paid' || p.status === 'collected')) navigate(`${WebRoute.orderDetail}?id=${encodeURIComponent(p.orderId)}`, { replace: true });
  }, [p, navigate]);

  async function pay(o: OrderPayment) {
    const channel = payChannelFor({ sandbox: o.sandbox, userAgent: navigator.userAgent, nativeShell: isNativeShell() });
    const got = await start.mutateAsync(channel).catch(() => null);
    if (!got) {
      void payment.refetch();
      return;
    }
    setWaiting(true);
    if (got.jsapi) {
      const said = await payInWechat(got.jsapi);
      if (said === 'get_brand_wcpay_request:cancel') showToast('已取消支付，可在倒计时结束前再次支付');
      else if (said !== 'get_brand_wcpay_request:ok') showToast('支付未完成，请稍后再试');
      void payment.refetch();
    } else if (got.app) {
      if (!postToHost({ type: 'wxpay', orderId: o.orderId, params: got.app })) showToast('请在App中支付，或在手机浏览器中打开本页');
    } else if (got.h5Url) {
      window.location.href = withReturn(got.h5Url, `${WebRoute.orderPay}?order=${encodeURIComponent(o.orderId)}&back=1`);
    }
  }

  return (
    <main className="pay-page">
      <PageHeader title="订单支付" heading />
      {!id ? <p className="pay-problem">没有要支付的订单，请从我的订单进入。</p> : null}
      {payment.isError ? <p className="pay-problem">{payment.error.message}</p> : null}
      {p ? <PayCard p={p} busy={start.isPending} waiting={waiting} onPay={() => void pay(p)} /> : null}
    </main>
  );
}

function PayCard({ p, busy, waiting, onPay }: { p: OrderPayment; busy: boolean; waiting: boolean; onPay: () => void }) {
  const now = useSecond();
  const left = p.payBy - now;
  const closed = p.status === 'closed' || (p.status === 'unpaid' && left <= 0);
  return (
    <>
      {p.sandbox ? <p className="pay-sandbox">演示环境：支付走演示支付沙箱，不会产生任何真实扣款。</p> : null}
      <section className="pay-card" aria-label="订单支付">
        <h2 className="pay-title">{p.title}</h2>
        <p className="pay-amount">{priceText(p.totalFen)}</p>
        <p className="pay-meta">订单号 {p.orderNo}</p>
        {p.status === 'refunded' ? <p className="pay-problem">订单已退款</p> : null}
        {closed ? (
          <>
            <p className="pay-problem" role="status">
              订单已关闭：超过15分钟未支付，库存已释放。请重新下单。
            </p>
            <Link to={WebRoute.myOrders}>查看我的订单</Link>
          </>
        ) : null}
        {p.status === 'unpaid' && !closed ? (
          <>
            <p className="pay-countdown" role="timer">
              请在 {countdownText(left)} 内完成支付，超时订单将自动关闭
            </p>
            <Button block color="success" size="large" loading={busy} onClick={onPay}>
              微信支付 {priceText(p.totalFen)}
            </Button>
            {waiting ? <p className="pay-waiting">正在确认支付结果…支付完成后将自动跳转到订单详情</p> : null}
          </>
        ) : null}
      </section>
    </>
  );
}
