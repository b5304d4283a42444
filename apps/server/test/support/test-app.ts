import { Writable } from 'node:stream';
import type { PaymentsPort } from '../../src/modules/payments/port';
import { SMS_RESEND_SECONDS } from '@sq/contract/rules';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import type { Database } from '../../src/db/client';
import { createPiiCipher } from '../../src/lib/crypto';
import { SmsDeliveryError, type SmsProvider } from '../../src/modules/auth/sms-provider';
import { seedDemo } from '../../src/seed/demo';
import { openTestDatabase } from './test-database';

/** Records what would have been texted, so tests log in the way a phone would. */
export class CapturedSms implements SmsProvider {
  readonly revealsCode = false;
  readonly sent: { mobile: string; code: string }[] = [];
  failNext = false;
  async send(mobile: string, code: string) {
    if (this.failNext) {
      this.failNext = false;
      throw new SmsDeliveryError('test failure');
    }
    this.sent.push({ mobile, code });
  }
  lastCodeFor(mobile: string) {
    return [...this.sent].reverse().find((s) => s.mobile === mobile)?.code;
  }
}

/** A clock tests move by hand: rules about expiry are checked without waiting. */
export class TestClock {
  private t = Date.now();
  now = () => new Date(this.t);
  advance(ms: number) {
    this.t += ms;
  }
}

export interface TestApp {
  app: FastifyInstance;
  database: Database & { url: string };
  config: Config;
  sms: CapturedSms;
  clock: TestClock;
  pii: ReturnType<typeof createPiiCipher>;
  /** Everything the server logged, as text. */
  logs: () => string;
  /** Logs in through the real endpoints and returns the token. */
  login(mobile: string, ip?: string): Promise<string>;
  close(): Promise<void>;
}

export const TEST_KEY = Buffer.alloc(32, 7);

export async function createTestApp(opts: { seed?: boolean; env?: Record<string, string>; payments?: PaymentsPort } = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  const pii = createPiiCipher(TEST_KEY);
  if (opts.seed) await seedDemo(database.db, pii);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', DATA_DIR: '/nonexistent', ...opts.env });
  const sms = new CapturedSms();
  const clock = new TestClock();
  let logText = '';
  const logStream = new Writable({
    write(chunk, _enc, done) {
      logText += chunk.toString();
      done();
    },
  });
  const app = await buildApp({ config, database, pii, sms, now: clock.now, logStream, payments: opts.payments });
  await app.ready();
  return {
    app,
    database,
    config,
    sms,
    clock,
    pii,
    logs: () => logText,
    async login(mobile, ip = '10.0.0.1') {
      let sent = await app.inject({ method: 'POST', url: '/v1/auth/smsCode', payload: { mobile }, remoteAddress: ip });
      if (sent.statusCode === 429) {
        // The same person logging in again within a minute: wait the resend interval out.
        clock.advance(SMS_RESEND_SECONDS * 1000);
        sent = await app.inject({ method: 'POST', url: '/v1/auth/smsCode', payload: { mobile }, remoteAddress: ip });
      }
      if (sent.statusCode !== 200) throw new Error(`smsCode failed: ${sent.body}`);
      const res = await app.inject({ method: 'POST', url: '/v1/auth/login', payload: { mobile, code: sms.lastCodeFor(mobile) }, remoteAddress: ip });
      if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
      return res.json().data.token as string;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
