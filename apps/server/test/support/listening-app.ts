import type { AddressInfo } from 'node:net';
import type { PaymentsPort } from '../../src/modules/payments/port';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { Database } from '../../src/db/client';
import { createPiiCipher, type PiiCipher } from '../../src/lib/crypto';
import { seedDemo } from '../../src/seed/demo';
import { openTestDatabase } from './test-database';

export interface ListeningApp {
  origin: string;
  app: FastifyInstance;
  database: Database;
  /** The app's cipher (a fixed test key), for set-up rows written straight into the database. */
  pii: PiiCipher;
  /** Moves the server's clock (only the server's: the browser keeps its own) by `ms`. */
  shiftClock(ms: number): void;
  /** Logs in through the real endpoints with the development SMS provider's code. */
  login(mobile: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * The whole app (API + built web app) on a loopback port, on a fresh database with the demo data
 * (on the embedded test server, or TEST_DATABASE_URL's) and the development SMS provider, so the login
 * page shows the code. Used by the browser tests and the benchmarks (which turn off the check of
 * every answer against its schema that tests keep on: it is not what production runs).
 */
export async function startListeningApp({ verifyAnswers = true, env = {}, payments }: { verifyAnswers?: boolean; env?: Record<string, string>; payments?: PaymentsPort } = {}): Promise<ListeningApp> {
  const database = await openTestDatabase();
  const pii = createPiiCipher(Buffer.alloc(32, 9));
  await seedDemo(database.db, pii);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent', ...env });
  // Real time, movable: a browser test can make a shown code older than its window at once.
  let shift = 0;
  const app = await buildApp({ config, database, pii, verifyAnswers, payments, now: () => new Date(Date.now() + shift) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const post = (path: string, body: object) =>
    fetch(origin + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(
      (r) => r.json() as Promise<{ data: Record<string, string> }>,
    );
  return {
    origin,
    app,
    database,
    pii,
    shiftClock(ms) {
      shift += ms;
    },
    async login(mobile) {
      const sent = await post('/v1/auth/smsCode', { mobile });
      return (await post('/v1/auth/login', { mobile, code: sent.data.devCode! })).data.token!;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
