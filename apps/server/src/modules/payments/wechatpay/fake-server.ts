import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createPublicKey, generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { encryptResource, nonceStr, parseAuthorization, requestMessage, responseMessage, rsaSign, rsaVerify } from './crypto';
import type { RefundState, Transaction } from './provider';

/**
 * A local WeChat Pay (API v3) for tests, the bench, the browser tests and the demo's 演示支付: it
 * follows the documented formats – checks the merchant's signed requests, signs every answer and
 * notice with its own RSA key (the "微信支付公钥" the app trusts), encrypts notices' resources with
 * the API v3 key, serves a CSV trade bill – and misbehaves on request (`misbehave`): repeats a
 * notice, sends it late or never, signs it wrongly, answers 500 or not at all, plants a
 * difference in the bill. No money moves: it is a simulator.
 */
export interface FakeMisbehaviour {
  /** Each notice is sent this many times (WeChat repeats them). Default 1. */
  noticeRepeat: number;
  /** Notices wait this long before they are sent (ms). */
  noticeDelayMs: number;
  /** never: no notice at all (the app must query); badSignature: signed with another key. */
  noticeMode: 'normal' | 'never' | 'badSignature';
  /** The next N API calls answer 500. */
  failNext: number;
  /** The next N API calls never answer (the caller's timeout). */
  hangNext: number;
  /** Plants a difference in the bill: an amount changed for this out_trade_no, or a trade we never had. */
  billDifference: { outTradeNo: string; deltaFen: number } | { extraTradeNo: string; amountFen: number } | null;
  /** Refunds finish by themselves (a notice right after the answer) instead of when `completeRefund` is called. */
  autoCompleteRefunds: boolean;
}

interface FakeTrade {
  appid: string;
  mchid: string;
  outTradeNo: string;
  description: string;
  total: number;
  notifyUrl: string;
  tradeType: 'JSAPI' | 'MWEB' | 'APP';
  state: Transaction['trade_state'];
  transactionId: string | null;
  successTime: Date | null;
  timeExpire: string;
}

interface FakeRefund {
  outRefundNo: string;
  outTradeNo: string;
  refundId: string;
  refund: number;
  total: number;
  notifyUrl: string;
  status: RefundState['status'];
  successTime: Date | null;
  createdAt: Date;
}

export interface FakeWechatPayOptions {
  mchId: string;
  appId: string;
  apiV3Key: string;
  /** The merchant's public key: requests not signed by its private key are refused (401 SIGN_ERROR). */
  merchantPublicKey: KeyObject | string;
  now?: () => Date;
  port?: number;
  host?: string;
  /** Where its cashier page (the h5_url) is reached from the payer's browser; its own address by default (the demo serves it through the app). */
  cashierBase?: string | (() => string);
}

export interface FakeWechatPay {
  url: string;
  /** Its 微信支付公钥 and id, for the app's configuration. */
  publicKey: KeyObject;
  publicKeyPem: string;
  publicKeyId: string;
  misbehave: FakeMisbehaviour;
  trades: Map<string, FakeTrade>;
  refunds: Map<string, FakeRefund>;
  /** Notices sent: what, where, and what the app answered (status). */
  sent: { id: string; eventType: string; url: string; status: number | null; body: string; headers: Record<string, string> }[];
  /** The payer pays (as in the WeChat cashier): the trade succeeds and its notice goes out. Resolves when the notices are answered. */
  pay(outTradeNo: string): Promise<void>;
  /** A refund finishes (SUCCESS, or ABNORMAL/CLOSED) and its notice goes out. */
  completeRefund(outRefundNo: string, status?: 'SUCCESS' | 'ABNORMAL' | 'CLOSED'): Promise<void>;
  /** Sends a notice for a trade or a refund as it stands now (a repeat by hand). */
  resendNotice(kind: 'trade' | 'refund', no: string): Promise<void>;
  /** Notices waiting (a delay) finish. */
  settled(): Promise<void>;
  /** Misbehaviour back to normal. */
  reset(): void;
  close(): Promise<void>;
}

const NORMAL: FakeMisbehaviour = { noticeRepeat: 1, noticeDelayMs: 0, noticeMode: 'normal', failNext: 0, hangNext: 0, billDifference: null, autoCompleteRefunds: false };

const beijing = (d: Date) => new Date(d.getTime() + 8 * 3_600_000);
const rfc3339 = (d: Date) => `${beijing(d).toISOString().slice(0, 19)}+08:00`;
const yuan = (fen: number) => (fen / 100).toFixed(2);

export async function startFakeWechatPay(opts: FakeWechatPayOptions): Promise<FakeWechatPay> {
  const now = opts.now ?? (() => new Date());
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  // Another key, for notices that must fail verification.
  const { privateKey: wrongKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const publicKeyId = `PUB_KEY_ID_0116${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const merchantKey = typeof opts.merchantPublicKey === 'string' ? createPublicKey(opts.merchantPublicKey) : opts.merchantPublicKey;
  const misbehave: FakeMisbehaviour = { ...NORMAL };
  const trades = new Map<string, FakeTrade>();
  const refunds = new Map<string, FakeRefund>();
  const sent: FakeWechatPay['sent'] = [];
  const pending = new Set<Promise<void>>();
  const hung = new Set<ServerResponse>();
  let seq = 0;

  function signedHeaders(body: string, key: KeyObject = privateKey) {
    const timestamp = String(Math.floor(now().getTime() / 1000));
    const nonce = nonceStr();
    return {
      'Wechatpay-Timestamp': timestamp,
      'Wechatpay-Nonce': nonce,
      'Wechatpay-Signature': rsaSign(responseMessage(timestamp, nonce, body), key),
      'Wechatpay-Serial': publicKeyId,
      'Request-ID': randomUUID(),
    };
  }

  function answer(res: ServerResponse, status: number, data?: object | string, contentType = 'application/json') {
    const body = data === undefined ? '' : typeof data === 'string' ? data : JSON.stringify(data);
    res.writeHead(status, { ...(body ? { 'content-type': contentType } : {}), ...signedHeaders(body) });
    res.end(body);
  }
  const fail = (res: ServerResponse, status: number, code: string, message: string) => answer(res, status, { code, message });

  const transactionOf = (t: FakeTrade): Transaction & Record<string, unknown> => ({
    appid: t.appid,
    mchid: t.mchid,
    out_trade_no: t.outTradeNo,
    ...(t.transactionId ? { transaction_id: t.transactionId } : {}),
    trade_type: t.tradeType,
    trade_state: t.state,
    trade_state_desc: t.state === 'SUCCESS' ? '支付成功' : t.state === 'CLOSED' ? '订单已关闭' : '订单未支付',
    ...(t.successTime ? { success_time: rfc3339(t.successTime), payer: { openid: 'o-fake-payer' } } : {}),
    amount: { total: t.total, ...(t.successTime ? { payer_total: t.total } : {}), currency: 'CNY', payer_currency: 'CNY' },
  });

  const refundOf = (r: FakeRefund): RefundState & Record<string, unknown> => ({
    refund_id: r.refundId,
    out_refund_no: r.outRefundNo,
    out_trade_no: r.outTradeNo,
    transaction_id: trades.get(r.outTradeNo)?.transactionId ?? '',
    channel: 'ORIGINAL',
    user_received_account: '支付用户零钱',
    status: r.status,
    ...(r.successTime ? { success_time: rfc3339(r.successTime) } : {}),
    create_time: rfc3339(r.createdAt),
    amount: { total: r.total, refund: r.refund, payer_total: r.total, payer_refund: r.refund, currency: 'CNY' },
  });

  async function deliver(url: string, eventType: string, summary: string, resource: object) {
    const id = randomUUID();
    const plain = JSON.stringify(resource);
    const associatedData = eventType.startsWith('REFUND') ? 'refund' : 'transaction';
    const body = JSON.stringify({
      id,
      create_time: rfc3339(now()),
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary,
      resource: { ...encryptResource(plain, opts.apiV3Key, associatedData), original_type: associatedData },
    });
    const headers = signedHeaders(body, misbehave.noticeMode === 'badSignature' ? wrongKey : privateKey);
    for (let i = 0; i < Math.max(1, misbehave.noticeRepeat); i++) {
      let status: number | null = null;
      try {
        const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body, signal: AbortSignal.timeout(10_000) });
        status = res.status;
        await res.text();
      } catch {
        status = null;
      }
      sent.push({ id, eventType, url, status, body, headers });
    }
  }

  function notify(url: string, eventType: string, summary: string, resource: () => object): Promise<void> {
    if (misbehave.noticeMode === 'never') return Promise.resolve();
    const delay = misbehave.noticeDelayMs;
    const p = (async () => {
      if (delay > 0) await new Promise((r) => setTimeout(r, delay));
      await deliver(url, eventType, summary, resource());
    })();
    const tracked = p.finally(() => pending.delete(tracked));
    pending.add(tracked);
    return delay > 0 ? Promise.resolve() : tracked;
  }

  async function readBody(req: IncomingMessage) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  function billCsv(billDate: string): string {
    const inDay = (d: Date | null) => d !== null && beijing(d).toISOString().slice(0, 10) === billDate;
    const head = '交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,手续费,费率,订单金额,申请退款金额,费率备注';
    const row = (cells: string[]) => cells.map((c) => `\`${c}`).join(',');
    const lines: string[] = [];
    const diff = misbehave.billDifference;
    let total = 0;
    let refunded = 0;
    const time = (d: Date) => beijing(d).toISOString().slice(0, 19).replace('T', ' ');
    for (const t of trades.values()) {
      if (!inDay(t.successTime)) continue;
      const amount = t.total + (diff && 'outTradeNo' in diff && diff.outTradeNo === t.outTradeNo ? diff.deltaFen : 0);
      total += amount;
      lines.push(row([time(t.successTime!), t.appid, t.mchid, '0', '', t.transactionId!, t.outTradeNo, 'o-fake-payer', t.tradeType, 'SUCCESS', 'OTHERS', 'CNY', yuan(amount), '0.00', '0', '0', '0.00', '0.00', '', '', t.description, '', '0.00', '0.60%', yuan(amount), '0.00', '']));
    }
    if (diff && 'extraTradeNo' in diff) {
      total += diff.amountFen;
      lines.push(row([time(now()), opts.appId, opts.mchId, '0', '', `42000${Date.now()}`, diff.extraTradeNo, 'o-fake-payer', 'JSAPI', 'SUCCESS', 'OTHERS', 'CNY', yuan(diff.amountFen), '0.00', '0', '0', '0.00', '0.00', '', '', '', '', '0.00', '0.60%', yuan(diff.amountFen), '0.00', '']));
    }
    for (const r of refunds.values()) {
      if (r.status !== 'SUCCESS' || !inDay(r.successTime)) continue;
      const t = trades.get(r.outTradeNo)!;
      refunded += r.refund;
      lines.push(row([time(r.successTime!), t.appid, t.mchid, '0', '', t.transactionId ?? '', t.outTradeNo, 'o-fake-payer', t.tradeType, 'REFUND', 'OTHERS', 'CNY', '0.00', '0.00', r.refundId, r.outRefundNo, yuan(r.refund), '0.00', 'ORIGINAL', 'SUCCESS', t.description, '', '0.00', '0.60%', yuan(t.total), yuan(r.refund), '']));
    }
    const summary = ['总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额', row([String(lines.length), yuan(total), yuan(refunded), '0.00', '0.00', yuan(total), yuan(refunded)])];
    return [head, ...lines, ...summary].join('\r\n') + '\r\n';
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;

    // The demo's cashier (演示支付): a page for the h5_url, outside the signed API.
    const demo = /^\/demo\/pay\/([\w-]+)(\/confirm)?$/.exec(path);
    if (demo) return demoPage(res, decodeURIComponent(demo[1]!), Boolean(demo[2]) && req.method === 'POST', url.searchParams.get('redirect_url'));

    if (misbehave.hangNext > 0) {
      misbehave.hangNext--;
      hung.add(res);
      return;
    }
    if (misbehave.failNext > 0) {
      misbehave.failNext--;
      return fail(res, 500, 'SYSTEM_ERROR', '系统错误');
    }
    const auth = parseAuthorization(String(req.headers.authorization ?? ''));
    if (!auth || auth.mchid !== opts.mchId || !rsaVerify(requestMessage(req.method ?? 'GET', `${url.pathname}${url.search}`, auth.timestamp ?? '', auth.nonce_str ?? '', body), auth.signature ?? '', merchantKey)) {
      return fail(res, 401, 'SIGN_ERROR', '签名错误');
    }

    const prepay = /^\/v3\/pay\/transactions\/(jsapi|h5|app)$/.exec(path);
    if (prepay && req.method === 'POST') {
      const b = JSON.parse(body) as { appid: string; mchid: string; description: string; out_trade_no: string; notify_url: string; time_expire: string; amount: { total: number }; payer?: { openid?: string } };
      if (b.mchid !== opts.mchId || b.appid !== opts.appId) return fail(res, 400, 'INVALID_REQUEST', 'appid和mch_id不匹配');
      if (!Number.isInteger(b.amount?.total) || b.amount.total <= 0) return fail(res, 400, 'PARAM_ERROR', '金额不正确');
      if (prepay[1] === 'jsapi' && !b.payer?.openid) return fail(res, 400, 'PARAM_ERROR', '缺少payer.openid');
      const existing = trades.get(b.out_trade_no);
      if (existing && (existing.state === 'SUCCESS' || existing.state === 'REFUND')) return fail(res, 400, 'ORDERPAID', '该订单已支付');
      if (existing && existing.state === 'CLOSED') return fail(res, 400, 'ORDER_CLOSED', '订单已关闭');
      if (existing && existing.total !== b.amount.total) return fail(res, 400, 'INVALID_REQUEST', '201 商户订单号重复');
      if (!existing) {
        trades.set(b.out_trade_no, {
          appid: b.appid,
          mchid: b.mchid,
          outTradeNo: b.out_trade_no,
          description: b.description,
          total: b.amount.total,
          notifyUrl: b.notify_url,
          tradeType: prepay[1] === 'jsapi' ? 'JSAPI' : prepay[1] === 'h5' ? 'MWEB' : 'APP',
          state: 'NOTPAY',
          transactionId: null,
          successTime: null,
          timeExpire: b.time_expire,
        });
      }
      const prepayId = `wx${Date.now()}${String(++seq).padStart(6, '0')}`;
      if (prepay[1] === 'h5') return answer(res, 200, { h5_url: `${typeof opts.cashierBase === 'function' ? opts.cashierBase() : (opts.cashierBase ?? fake.url)}/demo/pay/${encodeURIComponent(b.out_trade_no)}` });
      return answer(res, 200, { prepay_id: prepayId });
    }

    const q = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/.exec(path);
    if (q && req.method === 'GET') {
      const t = trades.get(decodeURIComponent(q[1]!));
      if (!t) return fail(res, 404, 'ORDER_NOT_EXIST', '订单不存在');
      return answer(res, 200, transactionOf(t));
    }
    const c = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/.exec(path);
    if (c && req.method === 'POST') {
      const t = trades.get(decodeURIComponent(c[1]!));
      if (t && (t.state === 'SUCCESS' || t.state === 'REFUND')) return fail(res, 400, 'ORDERPAID', '订单已支付');
      if (t) t.state = 'CLOSED';
      return answer(res, 204);
    }
    if (path === '/v3/refund/domestic/refunds' && req.method === 'POST') {
      const b = JSON.parse(body) as { out_trade_no: string; out_refund_no: string; notify_url: string; amount: { refund: number; total: number } };
      const t = trades.get(b.out_trade_no);
      if (!t || (t.state !== 'SUCCESS' && t.state !== 'REFUND')) return fail(res, 404, 'RESOURCE_NOT_EXISTS', '订单不存在');
      const known = refunds.get(b.out_refund_no);
      if (known) return answer(res, 200, refundOf(known));
      const already = [...refunds.values()].filter((r) => r.outTradeNo === t.outTradeNo && r.status !== 'CLOSED' && r.status !== 'ABNORMAL').reduce((s, r) => s + r.refund, 0);
      if (b.amount.total !== t.total || b.amount.refund <= 0 || already + b.amount.refund > t.total) return fail(res, 400, 'INVALID_REQUEST', '退款金额超过可退金额');
      const r: FakeRefund = { outRefundNo: b.out_refund_no, outTradeNo: t.outTradeNo, refundId: `50300${Date.now()}${++seq}`, refund: b.amount.refund, total: t.total, notifyUrl: b.notify_url, status: 'PROCESSING', successTime: null, createdAt: now() };
      refunds.set(r.outRefundNo, r);
      t.state = 'REFUND';
      answer(res, 200, refundOf(r));
      if (misbehave.autoCompleteRefunds) void fake.completeRefund(r.outRefundNo).catch(() => {});
      return;
    }
    const rq = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(path);
    if (rq && req.method === 'GET') {
      const r = refunds.get(decodeURIComponent(rq[1]!));
      if (!r) return fail(res, 404, 'RESOURCE_NOT_EXISTS', '退款单不存在');
      return answer(res, 200, refundOf(r));
    }
    if (path === '/v3/bill/tradebill' && req.method === 'GET') {
      const date = url.searchParams.get('bill_date') ?? '';
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return fail(res, 400, 'PARAM_ERROR', '账单日期格式不正确');
      return answer(res, 200, { hash_type: 'SHA1', hash_value: '', download_url: `${fake.url}/v3/billdownload/file?token=${date}` });
    }
    if (path === '/v3/billdownload/file' && req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/csv; charset=utf-8' });
      res.end(billCsv(url.searchParams.get('token') ?? ''));
      return;
    }
    return fail(res, 404, 'NOT_FOUND', '无此接口');
  }

  function demoPage(res: ServerResponse, outTradeNo: string, confirm: boolean, redirect: string | null) {
    const t = trades.get(outTradeNo);
    // Like WeChat's redirect_url: back to the shop's page; only a path of the same site.
    const back = redirect && /^\/(?!\/)[\w\-/?=&%.]*$/.test(redirect) ? redirect : null;
    const backLink = back ? `<p><a href="${back.replace(/&/g, '&amp;')}">返回订单页</a></p>` : '<p>请回到订单页查看支付结果。</p>';
    const query = back ? `?redirect_url=${encodeURIComponent(back)}` : '';
    const page = (inner: string) => {
      res.writeHead(t ? 200 : 404, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(
        `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>演示支付</title>` +
          `<style>body{font-family:sans-serif;margin:0;padding:24px;background:#f5f5f5;color:#333}.card{background:#fff;border-radius:8px;padding:20px;text-align:center}` +
          `.warn{background:#fff7e6;border:1px solid #ffd591;color:#ad4e00;padding:12px;border-radius:6px;margin-bottom:16px;font-size:14px}.amt{font-size:32px;margin:12px 0}` +
          `button{width:100%;padding:14px;font-size:17px;border:0;border-radius:6px;background:#07c160;color:#fff}</style></head><body>` +
          `<div class="warn">这是演示支付（沙箱），不会产生任何真实扣款。正式环境使用微信支付。</div><div class="card">${inner}</div></body></html>`,
      );
    };
    if (!t) return page('<p>没有这笔订单，请回到订单页重新发起支付。</p>');
    if (confirm && t.state === 'NOTPAY') {
      void fake.pay(outTradeNo).catch(() => {});
      return page(`<p>已确认支付（演示）</p><p class="amt">¥${yuan(t.total)}</p>${backLink}`);
    }
    if (t.state !== 'NOTPAY') return page(`<p>订单${t.state === 'CLOSED' ? '已关闭' : '已支付'}</p>${backLink}`);
    return page(
      `<p>${t.description.replace(/[<>&"]/g, '')}</p><p class="amt">¥${yuan(t.total)}</p><p>订单号 ${t.outTradeNo}</p>` +
        `<form method="post" action="${encodeURIComponent(outTradeNo)}/confirm${query.replace(/&/g, '&amp;')}"><button type="submit">确认支付（演示）</button></form>`,
    );
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) fail(res, 500, 'SYSTEM_ERROR', '系统错误');
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;

  const fake: FakeWechatPay = {
    url: `http://${opts.host ?? '127.0.0.1'}:${address.port}`,
    publicKey,
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    publicKeyId,
    misbehave,
    trades,
    refunds,
    sent,
    async pay(outTradeNo) {
      const t = trades.get(outTradeNo);
      if (!t) throw new Error(`fake WeChat Pay: no trade ${outTradeNo}`);
      if (t.state !== 'NOTPAY') throw new Error(`fake WeChat Pay: trade ${outTradeNo} is ${t.state}`);
      t.state = 'SUCCESS';
      t.transactionId = `42000${Date.now()}${String(++seq).padStart(6, '0')}`;
      t.successTime = now();
      await notify(t.notifyUrl, 'TRANSACTION.SUCCESS', '支付成功', () => transactionOf(t));
    },
    async completeRefund(outRefundNo, status = 'SUCCESS') {
      const r = refunds.get(outRefundNo);
      if (!r) throw new Error(`fake WeChat Pay: no refund ${outRefundNo}`);
      r.status = status;
      if (status === 'SUCCESS') r.successTime = now();
      const resource = () => {
        const o = refundOf(r);
        return { mchid: opts.mchId, out_trade_no: r.outTradeNo, transaction_id: o.transaction_id, out_refund_no: r.outRefundNo, refund_id: r.refundId, refund_status: r.status, ...(r.successTime ? { success_time: rfc3339(r.successTime) } : {}), user_received_account: '支付用户零钱', amount: o.amount };
      };
      await notify(r.notifyUrl, `REFUND.${status}`, status === 'SUCCESS' ? '退款成功' : '退款异常', resource);
    },
    async resendNotice(kind, no) {
      if (kind === 'trade') {
        const t = trades.get(no)!;
        await notify(t.notifyUrl, 'TRANSACTION.SUCCESS', '支付成功', () => transactionOf(t));
      } else {
        const r = refunds.get(no)!;
        await fake.completeRefund(no, r.status === 'PROCESSING' ? 'SUCCESS' : (r.status as 'SUCCESS'));
      }
    },
    async settled() {
      while (pending.size) await Promise.all([...pending]);
    },
    reset() {
      Object.assign(misbehave, NORMAL);
    },
    async close() {
      for (const res of hung) res.destroy();
      await Promise.allSettled([...pending]);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}
