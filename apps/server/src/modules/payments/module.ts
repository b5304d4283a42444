import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { PiiCipher } from '../../lib/crypto';
import type { RouteKit } from '../../lib/route-kit';
import type { AccessService } from '../access/service';
import type { NotificationService } from '../notifications/service';
import { createNoticeHandler } from './notices';
import type { PaymentsPort } from './port';
import { createPaymentsRepo } from './repo';
import { NOTICE_PATH, noticeRoutes, paymentRoutes } from './routes';
import { createPaymentsService, type PaymentsLog, type PaymentsService } from './service';
import { startFakeWechatPay, type FakeWechatPay } from './wechatpay/fake-server';
import { PayProviderError, wechatPayProvider, type PayProvider } from './wechatpay/provider';

declare module 'fastify' {
  interface FastifyInstance {
    /** 支付 (issue 36): the port for refunds, the jobs (tests run them by hand), the demo's sandbox. */
    payments: Payments;
  }
}

/** Where the demo's sandbox cashier is served through the app (the payer's browser reaches the app, not the fake). */
export const SANDBOX_PATH = '/pay-sandbox';

export interface Payments {
  /** For refunds (pickup/refund domains): PaymentsPort.sendRefund. */
  port: PaymentsPort;
  service: PaymentsService;
  /** One pass of the jobs (tests call it instead of waiting): close unpaid, retry refunds, reconcile yesterday. */
  runJobs(): Promise<void>;
  /** The sandbox's fake WeChat Pay, when the demo runs one. */
  sandbox: FakeWechatPay | null;
  stop(): Promise<void>;
}

/** Whether the 演示支付 sandbox runs (docs/decisions/payments.md): never beside real WeChat Pay; in production only when asked. */
export function sandboxWanted(config: Config) {
  if (config.WECHATPAY_MCH_ID) return false;
  return config.PAY_SANDBOX ?? config.NODE_ENV === 'development';
}

/** A provider for a server without WeChat Pay: every call refused, so paying says it is not open. */
function offProvider(): PayProvider {
  const off = (name: string) => async () => {
    throw new PayProviderError(name, null, 'NOT_CONFIGURED');
  };
  return { mchId: '', appId: '', jsapi: off('jsapi'), h5: off('h5'), app: off('app'), query: off('query'), close: off('close'), refund: off('refund'), queryRefund: off('queryRefund'), tradeBill: off('tradeBill') };
}

/**
 * 支付 composed (issue 36): the WeChat Pay provider (or the demo's sandbox, or none), the
 * resident's endpoints, WeChat Pay's notices and the jobs. Answers the port the order domains use.
 */
export async function registerPayments(
  kit: RouteKit,
  scope: FastifyInstance,
  deps: { db: Db; access: AccessService; pii: PiiCipher; config: Config; log: PaymentsLog; notices: Pick<NotificationService, 'groupBuyDecided'>; now: () => Date },
): Promise<Payments> {
  const { config, now } = deps;
  // The public origin; without one (the demo, tests), the address this process listens on.
  const origin = () => {
    if (config.PUBLIC_ORIGIN) return config.PUBLIC_ORIGIN;
    const address = scope.server.address();
    const port = address && typeof address === 'object' ? address.port : config.PORT;
    return `http://${config.HOST === '0.0.0.0' || config.HOST === '::' || config.HOST.includes(':') ? '127.0.0.1' : config.HOST}:${port}`;
  };
  let provider: PayProvider;
  let trust: { publicKeyId: string; publicKey: KeyObject } | null = null;
  let apiV3Key = '';
  let sandbox: FakeWechatPay | null = null;
  if (config.WECHATPAY_MCH_ID) {
    const privateKey = createPrivateKey(readFileSync(config.WECHATPAY_PRIVATE_KEY_PATH!));
    trust = { publicKeyId: config.WECHATPAY_PUBLIC_KEY_ID!, publicKey: createPublicKey(readFileSync(config.WECHATPAY_PUBLIC_KEY_PATH!)) };
    apiV3Key = config.WECHATPAY_API_V3_KEY!;
    provider = wechatPayProvider({
      baseUrl: config.WECHATPAY_BASE_URL,
      mchId: config.WECHATPAY_MCH_ID,
      appId: config.WECHATPAY_APP_ID!,
      privateKey,
      serialNo: config.WECHATPAY_CERT_SERIAL!,
      wechatPublicKey: trust.publicKey,
      wechatPublicKeyId: trust.publicKeyId,
      now,
    });
  } else if (sandboxWanted(config)) {
    // The demo's WeChat Pay: the same provider and notices against a local simulator with keys of its own.
    const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
    apiV3Key = randomBytes(24).toString('base64').slice(0, 32);
    const mchId = '1900000109';
    const appId = 'wxd930ea5d5a258f4f';
    sandbox = await startFakeWechatPay({ mchId, appId, apiV3Key, merchantPublicKey: merchant.publicKey, now, cashierBase: () => `${origin()}${SANDBOX_PATH}` });
    // Real refunds to 零钱 complete within minutes and WeChat Pay then notifies; the sandbox's do at once.
    sandbox.misbehave.autoCompleteRefunds = true;
    trust = { publicKeyId: sandbox.publicKeyId, publicKey: sandbox.publicKey };
    provider = wechatPayProvider({ baseUrl: sandbox.url, mchId, appId, privateKey: merchant.privateKey, serialNo: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1', wechatPublicKey: sandbox.publicKey, wechatPublicKeyId: sandbox.publicKeyId, now });
  } else {
    provider = offProvider();
  }

  const service = createPaymentsService({ repo: createPaymentsRepo(deps.db), provider, access: deps.access, pii: deps.pii, noticeBase: () => `${origin()}${NOTICE_PATH}`, sandbox: sandbox !== null, log: deps.log, notices: deps.notices, now });
  paymentRoutes(kit, service);
  if (trust) {
    const handle = createNoticeHandler({ service, apiV3Key, trust, mchId: provider.mchId, log: deps.log, now });
    await noticeRoutes(scope, handle);
  }
  if (sandbox) {
    const fake = sandbox;
    // The sandbox cashier through the app's own address (a phone reaches the app, not the simulator's loopback port).
    for (const method of ['GET', 'POST'] as const) {
      scope.route({
        method,
        url: `${SANDBOX_PATH}/demo/pay/*`,
        schema: { hide: true },
        handler: async (req, reply) => {
          const rest = (req.params as Record<string, string>)['*'] ?? '';
          if (!/^[\w-]{1,64}(\/confirm)?$/.test(rest)) return reply.code(404).type('text/plain; charset=utf-8').send('没有这个页面');
          const redirect = (req.query as Record<string, unknown>).redirect_url;
          const query = typeof redirect === 'string' && redirect.length <= 300 ? `?redirect_url=${encodeURIComponent(redirect)}` : '';
          const res = await fetch(`${fake.url}/demo/pay/${rest}${query}`, { method });
          return reply.code(res.status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(await res.text());
        },
      });
    }
  }

  const runJobs = async () => {
    if (provider.mchId === '') return;
    await service.closeExpired();
    await service.retryRefunds();
    await service.reconcileYesterday();
  };
  const everyMs = config.PAYMENTS_EVERY_MS ?? (config.NODE_ENV === 'test' ? 0 : 60_000);
  let running = false;
  const timer =
    everyMs > 0
      ? setInterval(() => {
          if (running) return;
          running = true;
          runJobs()
            .catch((err: unknown) => deps.log.error({ err: err instanceof Error ? err.name : 'error' }, 'payments job failed'))
            .finally(() => (running = false));
        }, everyMs)
      : null;
  timer?.unref();

  return {
    port: service.port,
    service,
    runJobs,
    sandbox,
    async stop() {
      if (timer) clearInterval(timer);
      await sandbox?.close();
    },
  };
}
