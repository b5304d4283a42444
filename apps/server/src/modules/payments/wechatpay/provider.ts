import type { KeyObject } from 'node:crypto';
import { appParams, authorization, jsapiParams, signedHeadersOf, verifySigned } from './crypto';

/**
 * WeChat Pay API v3 (直连商户, 微信支付公钥 mode), behind a base URL so tests and the demo talk to
 * the local fake (fake-server.ts). Amounts in fen. https://pay.weixin.qq.com/doc/v3/merchant/4012791856
 */
export interface PayProvider {
  readonly mchId: string;
  readonly appId: string;
  jsapi(o: PrepayOrder & { openid: string }): Promise<{ prepayId: string; params: ReturnType<typeof jsapiParams> }>;
  h5(o: PrepayOrder & { clientIp: string }): Promise<{ h5Url: string }>;
  app(o: PrepayOrder): Promise<{ prepayId: string; params: ReturnType<typeof appParams> }>;
  /** The trade as WeChat Pay sees it; null when it knows no such order (never prepaid). */
  query(outTradeNo: string): Promise<Transaction | null>;
  close(outTradeNo: string): Promise<void>;
  refund(r: { outTradeNo: string; outRefundNo: string; refundFen: number; totalFen: number; reason: string; notifyUrl: string }): Promise<RefundState>;
  /** null when WeChat Pay knows no such refund. */
  queryRefund(outRefundNo: string): Promise<RefundState | null>;
  /** The day's trade bill (CSV text); null when there is none (NO_STATEMENT_EXIST: no trades that day). */
  tradeBill(billDate: string): Promise<string | null>;
}

export interface PrepayOrder {
  outTradeNo: string;
  description: string;
  totalFen: number;
  /** When WeChat Pay stops accepting payment for it (the order's pay_by). */
  expiresAt: Date;
  notifyUrl: string;
}

/** A trade (query answer and the payment notice's decrypted resource share this shape). */
export interface Transaction {
  appid: string;
  mchid: string;
  out_trade_no: string;
  transaction_id?: string;
  trade_state: 'SUCCESS' | 'REFUND' | 'NOTPAY' | 'CLOSED' | 'REVOKED' | 'USERPAYING' | 'PAYERROR';
  success_time?: string;
  amount?: { total: number; payer_total?: number; currency?: string; payer_currency?: string };
}

export interface RefundState {
  refund_id?: string;
  out_refund_no: string;
  out_trade_no?: string;
  status: 'SUCCESS' | 'CLOSED' | 'PROCESSING' | 'ABNORMAL';
  success_time?: string;
  amount?: { total: number; refund: number; payer_total?: number; payer_refund?: number; currency?: string };
}

/**
 * WeChat Pay answered with an error, an unsigned or forged answer, or not at all. The message names
 * the call and the status only: a request's body or key never reaches a log.
 */
export class PayProviderError extends Error {
  constructor(
    readonly call: string,
    readonly status: number | null,
    readonly wxCode: string | null = null,
  ) {
    super(`WeChat Pay ${call} failed (status ${status ?? 'none'}${wxCode ? `, ${wxCode}` : ''})`);
  }
}

export interface WechatPayOptions {
  baseUrl: string;
  mchId: string;
  appId: string;
  /** The merchant's API certificate's private key and the certificate's serial number. */
  privateKey: KeyObject;
  serialNo: string;
  /** 微信支付公钥 and its id (PUB_KEY_ID_…): answers and notices are verified with it. */
  wechatPublicKey: KeyObject;
  wechatPublicKeyId: string;
  now?: () => Date;
  timeoutMs?: number;
}

const rfc3339 = (d: Date) => {
  // Beijing time, as WeChat Pay's examples write it: 2018-06-08T10:34:56+08:00.
  const b = new Date(d.getTime() + 8 * 3_600_000);
  return `${b.toISOString().slice(0, 19)}+08:00`;
};

export function wechatPayProvider(opts: WechatPayOptions): PayProvider {
  const now = opts.now ?? (() => new Date());
  const timeoutMs = opts.timeoutMs ?? 5000;
  const base = opts.baseUrl.replace(/\/+$/, '');

  /** One signed call; the answer's signature checked before its body is believed. */
  async function call<T>(name: string, method: 'GET' | 'POST', pathAndQuery: string, body?: object, accept: number[] = []): Promise<{ status: number; data: T | null }> {
    const text = body ? JSON.stringify(body) : '';
    let res: Response;
    let answer: string;
    try {
      res = await fetch(`${base}${pathAndQuery}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
          'user-agent': 'sq-community/1.0',
          authorization: authorization({ mchId: opts.mchId, serialNo: opts.serialNo, privateKey: opts.privateKey, method, pathAndQuery, body: text, timestamp: String(Math.floor(now().getTime() / 1000)) }),
        },
        ...(body ? { body: text } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
      answer = await res.text();
    } catch {
      throw new PayProviderError(name, null);
    }
    const headers: Record<string, string> = {};
    res.headers.forEach((value, key) => (headers[key] = value));
    // Every answer of WeChat Pay is signed, errors included: one that is not did not come from it.
    if (!verifySigned(signedHeadersOf(headers), answer, { publicKeyId: opts.wechatPublicKeyId, publicKey: opts.wechatPublicKey }, now().getTime())) {
      throw new PayProviderError(name, res.status, 'UNSIGNED_ANSWER');
    }
    if (accept.includes(res.status)) {
      let code: string | null = null;
      try {
        code = (JSON.parse(answer) as { code?: string }).code ?? null;
      } catch {
        /* an empty body */
      }
      return { status: res.status, data: code as never };
    }
    if (res.status < 200 || res.status >= 300) {
      let code: string | null = null;
      try {
        code = (JSON.parse(answer) as { code?: string }).code ?? null;
      } catch {
        /* not JSON */
      }
      throw new PayProviderError(name, res.status, code);
    }
    return { status: res.status, data: answer ? (JSON.parse(answer) as T) : null };
  }

  const prepayBody = (o: PrepayOrder) => ({
    appid: opts.appId,
    mchid: opts.mchId,
    description: o.description.slice(0, 127),
    out_trade_no: o.outTradeNo,
    time_expire: rfc3339(o.expiresAt),
    notify_url: o.notifyUrl,
    amount: { total: o.totalFen, currency: 'CNY' },
  });

  const prepayIdOf = (name: string, data: { prepay_id?: string } | null) => {
    if (!data?.prepay_id) throw new PayProviderError(name, 200, 'NO_PREPAY_ID');
    return data.prepay_id;
  };

  return {
    mchId: opts.mchId,
    appId: opts.appId,
    async jsapi(o) {
      const { data } = await call<{ prepay_id: string }>('jsapi', 'POST', '/v3/pay/transactions/jsapi', { ...prepayBody(o), payer: { openid: o.openid } });
      const prepayId = prepayIdOf('jsapi', data);
      return { prepayId, params: jsapiParams(opts.appId, prepayId, opts.privateKey, String(Math.floor(now().getTime() / 1000))) };
    },
    async h5(o) {
      const { data } = await call<{ h5_url: string }>('h5', 'POST', '/v3/pay/transactions/h5', { ...prepayBody(o), scene_info: { payer_client_ip: o.clientIp, h5_info: { type: 'Wap' } } });
      if (!data?.h5_url) throw new PayProviderError('h5', 200, 'NO_H5_URL');
      return { h5Url: data.h5_url };
    },
    async app(o) {
      const { data } = await call<{ prepay_id: string }>('app', 'POST', '/v3/pay/transactions/app', prepayBody(o));
      const prepayId = prepayIdOf('app', data);
      return { prepayId, params: appParams(opts.appId, opts.mchId, prepayId, opts.privateKey, String(Math.floor(now().getTime() / 1000))) };
    },
    async query(outTradeNo) {
      const r = await call<Transaction>('query', 'GET', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}?mchid=${encodeURIComponent(opts.mchId)}`, undefined, [404]);
      return r.status === 404 ? null : r.data;
    },
    async close(outTradeNo) {
      // Closing one already closed is fine; one paid meanwhile answers ORDERPAID (the caller queries again).
      await call('close', 'POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}/close`, { mchid: opts.mchId });
    },
    async refund(r) {
      const { data } = await call<RefundState>('refund', 'POST', '/v3/refund/domestic/refunds', {
        out_trade_no: r.outTradeNo,
        out_refund_no: r.outRefundNo,
        reason: r.reason.slice(0, 80),
        notify_url: r.notifyUrl,
        amount: { refund: r.refundFen, total: r.totalFen, currency: 'CNY' },
      });
      if (!data?.status) throw new PayProviderError('refund', 200, 'NO_STATUS');
      return data;
    },
    async queryRefund(outRefundNo) {
      const r = await call<RefundState>('queryRefund', 'GET', `/v3/refund/domestic/refunds/${encodeURIComponent(outRefundNo)}`, undefined, [404]);
      return r.status === 404 ? null : r.data;
    },
    async tradeBill(billDate) {
      const r = await call<{ download_url: string }>('tradeBill', 'GET', `/v3/bill/tradebill?bill_date=${billDate}&bill_type=ALL`, undefined, [400]);
      if (r.status === 400) {
        if ((r.data as unknown as string) === 'NO_STATEMENT_EXIST') return null;
        throw new PayProviderError('tradeBill', 400, String(r.data));
      }
      const url = new URL(r.data!.download_url);
      // The download is signed like any request (its answer is the file, not signed).
      const pathAndQuery = `${url.pathname}${url.search}`;
      try {
        const res = await fetch(url, {
          headers: { authorization: authorization({ mchId: opts.mchId, serialNo: opts.serialNo, privateKey: opts.privateKey, method: 'GET', pathAndQuery, body: '' }) },
          signal: AbortSignal.timeout(timeoutMs * 4),
        });
        if (!res.ok) throw new PayProviderError('billDownload', res.status);
        return await res.text();
      } catch (e) {
        if (e instanceof PayProviderError) throw e;
        throw new PayProviderError('billDownload', null);
      }
    },
  };
}
