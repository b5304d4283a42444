import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Database, Db } from '../src/db/client';
import * as schema from '../src/db/schema';
import { legacyPgliteDir, openLegacyPglite } from '../src/db/legacy/pglite-import';
import { createPiiCipher } from '../src/lib/crypto';
import { loadMasterKey } from '../src/lib/master-key';
import { seedDemo } from '../src/seed/demo';
import { embeddedServerProcesses } from './support/embedded-processes';
import { idCard } from './support/factories';
import { spawnServer, type SpawnedServer } from './support/spawn-server';

/**
 * A DATA_DIR written by the PGlite releases (up to 2026-11: the database in DATA_DIR/pgdata, the
 * key file master.key beside it) is carried into the embedded PostgreSQL on the first start.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-upgrade-'));
const running: SpawnedServer[] = [];
afterAll(async () => {
  for (const s of running) if (s.child.exitCode === null) s.child.kill('SIGKILL');
  for (const pid of embeddedServerProcesses(dataDir)) process.kill(pid, 'SIGKILL');
  await new Promise((r) => setTimeout(r, 300));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const json = { 'content-type': 'application/json' };
async function post(origin: string, url: string, body: object, token?: string) {
  const res = await fetch(origin + url, { method: 'POST', headers: { ...json, ...(token ? { token } : {}) }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as { data: Record<string, unknown> & { userCards?: { name: string; _id: string }[] } } };
}

/** The data of a community that ran the PGlite release: demo data, a login, a registration, a vote. */
async function writeWithPglite() {
  const client = await openLegacyPglite(legacyPgliteDir(dataDir));
  const db = drizzle({ client, schema }) as unknown as Db;
  const database: Database = {
    db,
    kind: 'embedded',
    migrate: async () => {},
    notify: async (channel, payload) => void (await client.query('select pg_notify($1, $2)', [channel, payload])),
    listen: (channel, on) => client.listen(channel, on),
    close: () => client.close(),
  };
  const pii = createPiiCipher(loadMasterKey({ dataDir, embedded: true }));
  await seedDemo(db, pii);
  const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir }), database, pii });
  const login = async (mobile: string) => {
    const sent = await app.inject({ method: 'POST', url: '/v1/auth/smsCode', payload: { mobile } });
    return (await app.inject({ method: 'POST', url: '/v1/auth/login', payload: { mobile, code: sent.json().data.devCode } })).json().data.token as string;
  };
  const resident = await login('13712340001');
  const card = idCard();
  const submitted = await app.inject({
    method: 'POST',
    url: '/v1/userCard',
    payload: { token: resident, poiId: 'DEMO000001', name: '迁移测试', mobile: '13712340001', card, owner: '业主', address: '3号楼', isReturn: 0 },
  });
  expect(submitted.statusCode).toBe(200);
  await app.close();
  await client.close();
  return { resident, card };
}

describe('upgrade from a PGlite data directory', () => {
  // Two servers start here (PGlite, then a fresh embedded PostgreSQL with its initdb): ~20 s on an
  // idle machine, more on a loaded one. The start and backup tests allow as long.
  it('carries every row into PostgreSQL on the first start, keeps the key file and the old folder', async () => {
    const before = await writeWithPglite();
    const key = fs.readFileSync(path.join(dataDir, 'master.key'), 'utf8');

    const server = await spawnServer({ DATA_DIR: dataDir });
    running.push(server);
    expect(server.output()).toMatch(/Carried over \d+ rows/);
    expect(server.output()).not.toContain('demo data created');
    expect(fs.existsSync(legacyPgliteDir(dataDir))).toBe(false);
    expect(fs.existsSync(`${legacyPgliteDir(dataDir)}.pglite-imported/PG_VERSION`)).toBe(true);
    expect(fs.readFileSync(path.join(dataDir, 'master.key'), 'utf8')).toBe(key);

    // The resident's session, the registration (decrypted with the same key) and the staff's view.
    const o = server.origin;
    expect((await post(o, '/v1/mobile/community/userInfo', { token: before.resident })).status).toBe(200);
    const sent = await post(o, '/v1/auth/smsCode', { mobile: '13800000002' });
    const manager = (await post(o, '/v1/auth/login', { mobile: '13800000002', code: sent.body.data.devCode })).body.data.token as string;
    const found = await post(o, '/v1/userCard/list', { poiId: 'DEMO000001', keyword: '13712340001' }, manager);
    expect(found.body.data.userCards!.map((c) => c.name)).toEqual(['迁移测试']);
    const detail = await post(o, '/v1/userCard/userInfo', { poiId: 'DEMO000001', _id: found.body.data.userCards![0]!._id }, manager);
    expect(detail.body.data.userCard).toMatchObject({ name: '迁移测试', card: before.card, mobile: '13712340001' });
    // New rows continue after the copied ones (sequences moved on).
    const again = await post(o, '/v1/userCard', { poiId: 'DEMO000001', name: '新登记', mobile: '13712340002', card: idCard(), owner: '业主', address: '4号楼', isReturn: 0 }, await (async () => {
      const s = await post(o, '/v1/auth/smsCode', { mobile: '13712340002' });
      return (await post(o, '/v1/auth/login', { mobile: '13712340002', code: s.body.data.devCode })).body.data.token as string;
    })());
    expect(again.status).toBe(200);
    server.child.kill('SIGTERM');
    await server.exited;

    // The second start finds nothing more to carry over.
    const next = await spawnServer({ DATA_DIR: dataDir });
    running.push(next);
    expect(next.output()).not.toContain('Carrying');
    next.child.kill('SIGTERM');
    await next.exited;
  }, 120_000);
});
