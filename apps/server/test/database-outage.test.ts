import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Msg } from '@sq/contract/messages';
import { embeddedServerProcesses, postmasterPid } from './support/embedded-processes';
import { spawnServer } from './support/spawn-server';
import { idCard } from './support/factories';

/**
 * The database goes away while the app is busy writing – the embedded PostgreSQL killed (the OOM
 * killer, a crash), or on an external PostgreSQL every connection of the app terminated (what a
 * restart or a failover does to it). The app must stay up, answer 503 with a Chinese message while
 * the database is away (never a 500, never a refused connection), serve again within seconds by
 * itself, and keep every write it acknowledged.
 */
const HOME = 'DEMO000001';
const pgUrl = process.env.TEST_DATABASE_URL;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-outage-'));
const dbName = `sq_outage_${randomBytes(6).toString('hex')}`;
const children: ChildProcess[] = [];

function databaseUrl() {
  const u = new URL(pgUrl!);
  u.pathname = `/${dbName}`;
  return u.toString();
}

async function adminQuery(sql: string, params: unknown[] = []) {
  const c = new pg.Client({ connectionString: pgUrl });
  await c.connect();
  try {
    return (await c.query(sql, params)).rows;
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  if (pgUrl) await adminQuery(`create database ${dbName}`);
});
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await new Promise((r) => setTimeout(r, 300));
  if (!pgUrl) for (const pid of embeddedServerProcesses(dataDir)) process.kill(pid, 'SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (pgUrl) await adminQuery(`drop database if exists ${dbName} with (force)`);
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read the fields they assert
type Answer = { status: number; body: { code: number; message: string; data: any }; retryAfter: string | null };
async function call(origin: string, url: string, token: string | null, body: object, ip = '10.9.0.1'): Promise<Answer> {
  const res = await fetch(origin + url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Answer['body'], retryAfter: res.headers.get('retry-after') };
}

/** What takes the database away: the embedded server's processes killed, or every connection of the app's database terminated. */
async function takeDatabaseAway() {
  if (!pgUrl) {
    const pids = embeddedServerProcesses(dataDir);
    for (const pid of pids) process.kill(pid, 'SIGKILL');
    return pids.length;
  }
  const rows = await adminQuery('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [dbName]);
  return rows.length;
}

describe(`the database goes away during writes (${pgUrl ? 'PostgreSQL: connections terminated' : 'embedded PostgreSQL: killed'})`, () => {
  it('stays up, answers 503 meanwhile, serves again by itself and keeps every acknowledged write', async () => {
    const server = await spawnServer({ SEED_DEMO: 'true', TRUST_PROXY: 'true', LOG_LEVEL: 'info', DATA_DIR: dataDir, DATABASE_URL: pgUrl ? databaseUrl() : '', DATA_KEY: pgUrl ? randomBytes(32).toString('base64') : '' });
    children.push(server.child);
    const o = server.origin;
    const sent = await call(o, '/v1/auth/smsCode', null, { mobile: '13800000002' });
    const token = (await call(o, '/v1/auth/login', null, { mobile: '13800000002', code: sent.body.data.devCode })).body.data.token as string;
    const firstPostmaster = postmasterPid(dataDir);

    // Writers: the manager enters residents one after another on four lanes, each a new mobile.
    const acknowledged: string[] = [];
    const answers: Answer[] = [];
    const failures: string[] = [];
    let killedAt = 0;
    let servingAgainAt = 0;
    let n = 0;
    const deadline = Date.now() + 40_000;
    const writer = async (lane: number) => {
      while (Date.now() < deadline && !(servingAgainAt && acknowledged.length >= 40 && Date.now() - servingAgainAt > 500)) {
        const mobile = `1390${lane}${String(100000 + n++).slice(-6)}`;
        try {
          const res = await call(o, '/v1/userCard', token, { poiId: HOME, name: `断库测试${lane}`, mobile, card: idCard(), owner: '业主', address: `${lane}号楼`, isReturn: 0, import: 1 });
          answers.push(res);
          if (res.status === 200) {
            acknowledged.push(mobile);
            if (killedAt && !servingAgainAt && answers.some((a) => a.status === 503)) servingAgainAt = Date.now();
            if (killedAt && pgUrl && !servingAgainAt) servingAgainAt = Date.now();
          }
        } catch (e) {
          failures.push(String(e)); // a refused or cut connection: the app is not answering
        }
        if (!killedAt && acknowledged.length >= 10) {
          killedAt = Date.now();
          expect(await takeDatabaseAway()).toBeGreaterThan(0);
        }
      }
    };
    await Promise.all([0, 1, 2, 3].map(writer));

    // The process lived through it, and every request was answered.
    expect(server.child.exitCode).toBeNull();
    expect(server.child.signalCode).toBeNull();
    expect(failures).toEqual([]);
    // Only 200, or 503 with the Chinese message and a hint when to ask again – never a 500.
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set(answers.some((a) => a.status === 503) ? [200, 503] : [200]));
    for (const a of answers.filter((x) => x.status === 503)) {
      expect(a.body).toEqual({ code: 503, message: Msg.busy, data: null });
      expect(Number(a.retryAfter)).toBeGreaterThan(0);
    }
    // The killed embedded server was away for a while (503s), then started again by the app.
    if (!pgUrl) {
      expect(answers.filter((a) => a.status === 503).length).toBeGreaterThan(0);
      expect(postmasterPid(dataDir)).not.toBe(firstPostmaster);
    }
    expect(servingAgainAt).toBeGreaterThan(0);
    expect(servingAgainAt - killedAt).toBeLessThan(15_000);

    // Every acknowledged registration is there, whole.
    for (const mobile of acknowledged) {
      const found = await call(o, '/v1/userCard/list', token, { poiId: HOME, keyword: mobile });
      expect(found.body.data.userCards, mobile).toHaveLength(1);
    }
    console.info(`database-outage (${pgUrl ? 'PostgreSQL' : 'embedded'}): ${answers.length} answers, ${answers.filter((a) => a.status === 503).length} × 503, serving again ${servingAgainAt - killedAt} ms after the kill, ${acknowledged.length} acknowledged writes all found`);
    // And it still shuts down in order within a process manager's stop timeout (operations.md: 60 s).
    server.child.kill('SIGTERM');
    await Promise.race([server.exited, new Promise((r) => setTimeout(r, 60_000))]);
    expect(server.child.exitCode, server.output().split('\n').filter((l) => !l.includes('"msg":"request"')).slice(-30).join('\n')).toBe(0);
  }, 150_000);
});
