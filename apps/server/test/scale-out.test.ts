import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { openPostgres, type Database } from '../src/db/client';
import { createTestApp, type TestApp } from './support/test-app';

/** Two server processes against one PostgreSQL, as behind a load balancer (DESIGN.md §3). */
describe('two server processes on one PostgreSQL', () => {
  let a: TestApp;
  let b: FastifyInstance;
  let bDatabase: Database;
  beforeAll(async () => {
    a = await createTestApp({ seed: true });
    bDatabase = await openPostgres(a.database.url, 3);
    b = await buildApp({ config: a.config, database: bDatabase, pii: a.pii, now: a.clock.now });
    await b.ready();
  });
  afterAll(async () => {
    await b?.close();
    await bDatabase?.close();
    await a?.close();
  });

  const userInfo = (app: FastifyInstance, token: string) => app.inject({ method: 'POST', url: '/v1/mobile/community/userInfo', payload: { token } });

  it('honours a session on both, and a logout on one at once on the other', async () => {
    const token = await a.login('13800000004');
    expect((await userInfo(b, token)).statusCode).toBe(200);
    expect((await a.app.inject({ method: 'POST', url: '/v1/auth/logout', payload: { token } })).statusCode).toBe(200);
    // The notification travels through PostgreSQL: give it a moment, far below the cache's age limit.
    for (let i = 0; i < 50 && (await userInfo(b, token)).statusCode === 200; i++) await new Promise((r) => setTimeout(r, 20));
    expect((await userInfo(b, token)).statusCode).toBe(424);
  });

  it('shows a scan made through one process to the resident polling the other', async () => {
    const resident = await a.login('13800000004');
    const duty = await a.login('13800000003');
    const my = await b.inject({ method: 'GET', url: '/v1/userCard/my?poiId=DEMO000001&pass=1', headers: { token: resident } });
    const code = my.json().data.userCard.code as string;
    const poll = async () => (await b.inject({ method: 'POST', url: '/v1/userCard/checkCodeInfo', payload: { token: resident, poiId: 'DEMO000001', code } })).json().data.codeInfo.isUse;
    expect(await poll()).toBe(0);
    await a.app.inject({ method: 'POST', url: '/v1/userCard/userInfo', payload: { token: duty, poiId: 'DEMO000001', code } });
    let isUse = await poll();
    for (let i = 0; i < 50 && isUse === 0; i++) {
      await new Promise((r) => setTimeout(r, 20));
      isUse = await poll();
    }
    expect(isUse).toBe(1);
  });

  it('keeps hearing the other process after the database drops the listening connection', async () => {
    // What a PostgreSQL restart or failover does to the LISTEN connections.
    await a.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and query ilike 'LISTEN%'`,
    );
    await new Promise((r) => setTimeout(r, 1500));
    const resident = await a.login('13800000004');
    const token = await a.login('13800000003');
    // Leaving: the first test's entry spent this minute's entry codes (one use per window).
    const my = await b.inject({ method: 'GET', url: '/v1/userCard/my?poiId=DEMO000001&pass=2', headers: { token: resident } });
    const code = my.json().data.userCard.code as string;
    const poll = async () => (await b.inject({ method: 'POST', url: '/v1/userCard/checkCodeInfo', payload: { token: resident, poiId: 'DEMO000001', code } })).json().data.codeInfo.isUse;
    expect(await poll()).toBe(0);
    await a.app.inject({ method: 'POST', url: '/v1/userCard/userInfo', payload: { token, poiId: 'DEMO000001', code } });
    let isUse = await poll();
    for (let i = 0; i < 50 && isUse === 0; i++) {
      await new Promise((r) => setTimeout(r, 20));
      isUse = await poll();
    }
    expect(isUse).toBe(1);
  });

  it('shows a community joined through one process in the page-load check of the other at once', async () => {
    const token = await a.login('13800000005');
    // The other process has read (and kept) the person's community before the change.
    const before = (await userInfo(b, token)).json().data.community as string;
    const target = before === 'DEMO000002' ? 'DEMO000001' : 'DEMO000002';
    const joined = await a.app.inject({ method: 'POST', url: '/v1/mobile/community/edit', payload: { token, poiId: target, join: 1 } });
    expect(joined.statusCode).toBe(200);
    for (let i = 0; i < 50 && (await userInfo(b, token)).json().data.community !== target; i++) await new Promise((r) => setTimeout(r, 20));
    expect((await userInfo(b, token)).json().data).toMatchObject({ community: target });
    expect((await userInfo(b, token)).json().data.moveTime).toBeGreaterThan(0);
  });

  it('shares the SMS limits', async () => {
    const mobile = '13712345000';
    expect((await a.app.inject({ method: 'POST', url: '/v1/auth/smsCode', payload: { mobile } })).statusCode).toBe(200);
    expect((await b.inject({ method: 'POST', url: '/v1/auth/smsCode', payload: { mobile } })).statusCode).toBe(429);
  });
});
