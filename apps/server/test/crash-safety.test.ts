import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPiiCipher, type PiiCipher } from '../src/lib/crypto';
import { loadMasterKey } from '../src/lib/master-key';
import { embeddedServerProcesses, embeddedServerUrl } from './support/embedded-processes';
import { spawnServer } from './support/spawn-server';
import { DEMO_POLL_IDS } from '../src/seed/demo-polls';
import { idCard } from './support/factories';

/**
 * A power cut in the middle of a burst of registrations, votes and gate scans: the app and (on
 * the embedded default) every PostgreSQL process are killed at once with SIGKILL – no shutdown
 * code runs, the database's pid file and shared memory stay behind – then the app is started
 * again on the same data. Everything that was acknowledged with 200 must be there, and nothing
 * may be half written. On the embedded server this is about its durability (fsync, WAL) and
 * recovery by itself; on PostgreSQL (TEST_DATABASE_URL) about the app answering only after its
 * transaction committed.
 */
const HOME = 'DEMO000001';
const POLL = DEMO_POLL_IDS.weekendServices; // multiple choice: one ballot, several vote rows
const USERS = 15; // each registers and votes: 30 requests, plus the scans
const SCANS = 10; // at most USERS
const pgUrl = process.env.TEST_DATABASE_URL;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-crash-'));
const dbName = `sq_crash_${randomBytes(6).toString('hex')}`;
const dataKey = randomBytes(32).toString('base64');
const children: ChildProcess[] = [];

function databaseUrl() {
  const u = new URL(pgUrl!);
  u.pathname = `/${dbName}`;
  return u.toString();
}

async function adminQuery(sql: string) {
  const c = new pg.Client({ connectionString: pgUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** The real server process on this file's data; resolves once it listens. */
async function startServer() {
  const server = await spawnServer({
    SEED_DEMO: 'true',
    // Logins come from many addresses (x-forwarded-for), as residents' phones do.
    TRUST_PROXY: 'true',
    DATA_DIR: dataDir,
    DATABASE_URL: pgUrl ? databaseUrl() : '',
    DATA_KEY: pgUrl ? dataKey : '',
  });
  children.push(server.child);
  return server;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read the fields they assert
type Answer = { status: number; body: { code: number; message: string; data: any } };
async function call(origin: string, method: 'GET' | 'POST', url: string, token: string | null, body?: object, ip = '10.1.0.1'): Promise<Answer> {
  const res = await fetch(origin + url, {
    method,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, ...(token ? { token } : {}) },
    ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
  });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

async function login(origin: string, mobile: string, ip: string) {
  const sent = await call(origin, 'POST', '/v1/auth/smsCode', null, { mobile }, ip);
  const res = await call(origin, 'POST', '/v1/auth/login', null, { mobile, code: sent.body.data.devCode }, ip);
  if (res.status !== 200) throw new Error(`login ${mobile}: ${JSON.stringify(res.body)}`);
  return res.body.data.token as string;
}

afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await new Promise((r) => setTimeout(r, 300));
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (pgUrl) await adminQuery(`drop database if exists ${dbName} with (force)`);
});

beforeAll(async () => {
  if (pgUrl) await adminQuery(`create database ${dbName}`);
});

/** SIGKILL to the app and, on the embedded default, to every PostgreSQL process, in one go. */
let databaseProcessesKilled = 0;
function powerCut(app: ChildProcess) {
  const database = pgUrl ? [] : embeddedServerProcesses(dataDir);
  for (const pid of [app.pid!, ...database]) process.kill(pid, 'SIGKILL');
  databaseProcessesKilled = database.length;
}

interface Burst {
  registrations: { mobile: string; card: string; name: string; acked: boolean }[];
  votes: { mobile: string; token: string; options: string[]; acked: boolean }[];
  scans: { code: string; token: string; acked: boolean }[];
  unanswered: number;
}

describe(`power cut during a burst of writes (${pgUrl ? 'PostgreSQL' : 'embedded PostgreSQL'})`, () => {
  let pii: PiiCipher;
  let burst: Burst;
  let managerToken: string;

  it('keeps every acknowledged write and no half-written one', async () => {
    // ---- First life: log people in, then fire the burst and kill the server in its middle.
    const first = await startServer();
    const o = first.origin;
    managerToken = await login(o, '13800000002', '10.2.0.1');
    const dutyToken = await login(o, '13800000003', '10.2.0.2');
    const people = await Promise.all(
      Array.from({ length: USERS }, async (_, i) => {
        const mobile = `1371234${String(1000 + i)}`;
        return { mobile, token: await login(o, mobile, `10.3.${i}.1`) };
      }),
    );
    const options = (await call(o, 'GET', `/v1/polls/${POLL}`, null)).body.data.poll.options.map((x: { option_id: string }) => x.option_id) as string[];
    // Pass holders, one code each (a person holds one valid code per direction): entered by the
    // manager, logged in, their pass loaded.
    const holders = await Promise.all(
      Array.from({ length: SCANS }, async (_, i) => {
        const mobile = `1371235${String(1000 + i)}`;
        const entered = await call(o, 'POST', '/v1/userCard', managerToken, { poiId: HOME, name: `通行测试${i}`, mobile, card: idCard(), owner: '业主', address: `${i}号楼`, isReturn: 0, import: 1 });
        if (entered.status !== 200) throw new Error(JSON.stringify(entered.body));
        const token = await login(o, mobile, `10.4.${i}.1`);
        return { token, code: (await call(o, 'GET', `/v1/userCard/my?poiId=${HOME}&pass=${1 + (i % 2)}`, token)).body.data.userCard.code as string };
      }),
    );

    burst = {
      registrations: people.map((p, i) => ({ mobile: p.mobile, card: idCard(), name: `崩溃测试${i}`, acked: false })),
      votes: people.map((p, i) => ({ mobile: p.mobile, token: p.token, options: [options[i % 5]!, options[(i + 2) % 5]!], acked: false })),
      scans: holders.map((h) => ({ ...h, acked: false })),
      unanswered: 0,
    };
    const total = USERS * 2 + SCANS;
    const killAfter = Math.floor(total / 3);
    let acked = 0;
    const ack = (item: { acked: boolean }) => (res: Answer) => {
      if (res.status !== 200) throw new Error(`refused during the burst: ${JSON.stringify(res.body)}`);
      item.acked = true;
      // The kill is sent from inside the handler of the acknowledgement that reaches the mark, so
      // the other requests are still on their way or being served.
      if (++acked === killAfter) powerCut(first.child);
    };
    // Interleaved, so that every kind of write is among the acknowledged and the cut-off ones.
    const requests: Promise<void>[] = [];
    for (let i = 0; i < USERS; i++) {
      const r = burst.registrations[i]!;
      const v = burst.votes[i]!;
      requests.push(call(o, 'POST', '/v1/userCard', people[i]!.token, { poiId: HOME, name: r.name, mobile: r.mobile, card: r.card, owner: '业主', address: `${i}号楼`, isReturn: 0 }).then(ack(r)));
      requests.push(call(o, 'POST', '/v1/polls/vote', v.token, { id: POLL, options: v.options }).then(ack(v)));
      const sc = burst.scans[i];
      if (sc) requests.push(call(o, 'POST', '/v1/userCard/userInfo', dutyToken, { poiId: HOME, code: sc.code }).then(ack(sc)));
    }
    const settled = await Promise.allSettled(requests);
    await first.exited;
    // A refusal is a failure of its own; anything else that failed is a connection cut by the kill.
    for (const s of settled) if (s.status === 'rejected' && String(s.reason).includes('refused during the burst')) throw s.reason;
    burst.unanswered = settled.filter((s) => s.status === 'rejected').length;
    // The kill really fell in the middle: some writes were acknowledged, some never answered.
    expect(acked).toBeGreaterThanOrEqual(killAfter);
    expect(burst.unanswered).toBeGreaterThan(0);
    // On the embedded default the database went down with the app: postmaster, WAL writer, backends.
    if (!pgUrl) expect(databaseProcessesKilled).toBeGreaterThan(3);

    // ---- Second life on the same data.
    const second = await startServer();
    const s = second.origin;
    // Sessions acknowledged before the kill are still valid.
    expect((await call(s, 'POST', '/v1/mobile/community/userInfo', managerToken)).status).toBe(200);

    for (const r of burst.registrations.filter((x) => x.acked)) {
      const found = await call(s, 'POST', '/v1/userCard/list', managerToken, { poiId: HOME, keyword: r.mobile });
      expect(found.body.data.userCards.map((c: { name: string }) => c.name), r.name).toEqual([r.name]);
      const detail = await call(s, 'POST', '/v1/userCard/userInfo', managerToken, { poiId: HOME, _id: found.body.data.userCards[0]._id });
      expect(detail.body.data.userCard).toMatchObject({ name: r.name, mobile: r.mobile, card: r.card, status: 0 });
    }
    for (const v of burst.votes.filter((x) => x.acked)) {
      const poll = (await call(s, 'GET', `/v1/polls/${POLL}`, v.token)).body.data;
      expect(poll.isVote, v.mobile).toBe('1');
      const chosen = poll.poll.options.filter((x: { isVote: string }) => x.isVote === '1').map((x: { option_id: string }) => x.option_id);
      expect(chosen.sort()).toEqual([...v.options].sort());
    }
    for (const c of burst.scans.filter((x) => x.acked)) {
      expect((await call(s, 'POST', '/v1/userCard/checkCodeInfo', c.token, { poiId: HOME, code: c.code })).body.data.codeInfo.isUse).toBe(1);
    }

    // ---- The raw tables: nothing half written, counts consistent.
    pii = createPiiCipher(pgUrl ? Buffer.from(dataKey, 'base64') : loadMasterKey({ dataDir, embedded: true }));
    const client = new pg.Client({ connectionString: pgUrl ? databaseUrl() : embeddedServerUrl(dataDir) });
    await client.connect();
    try {
      await checkTables((text, params) => client.query(text, params).then((r) => r.rows));
    } finally {
      await client.end();
    }
    second.child.kill('SIGTERM');
    await second.exited;
  }, 90_000);

  type Query = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

  async function checkTables(query: Query) {
    const one = async (text: string, params?: unknown[]) => Number(Object.values((await query(text, params))[0]!)[0]);

    // Votes: a ballot always has its choices and choices always have their ballot.
    expect(await one('select count(*) from poll_ballots b where not exists (select 1 from poll_votes v where v.poll_id = b.poll_id and v.user_id = b.user_id)')).toBe(0);
    expect(await one('select count(*) from poll_votes v where not exists (select 1 from poll_ballots b where v.poll_id = b.poll_id and v.user_id = b.user_id)')).toBe(0);
    let ballots = 0;
    for (const v of burst.votes) {
      const rows = await query(
        'select o.id::text as option from poll_votes v join users u on u.id = v.user_id join poll_options o on o.id = v.option_id where v.poll_id = $1 and u.mobile_hash = $2',
        [POLL, pii.hash(v.mobile)],
      );
      // Whole or absent, whether it was acknowledged or not; present when it was.
      if (rows.length) ballots++;
      if (rows.length || v.acked) expect(rows.map((r) => r.option).sort(), v.mobile).toEqual([...v.options].sort());
    }
    expect(ballots).toBeGreaterThanOrEqual(burst.votes.filter((v) => v.acked).length);
    let registered = 0;

    // Registrations: each one whole, readable with the key, and only what was sent.
    for (const r of burst.registrations) {
      const rows = await query('select name, mobile_enc, mobile_hash, mobile_masked, card_enc, card_hash, card_masked, status from registrations where mobile_hash = $1', [pii.hash(r.mobile)]);
      expect(rows.length, r.mobile).toBeLessThanOrEqual(1);
      if (r.acked) expect(rows, r.mobile).toHaveLength(1);
      registered += rows.length;
      for (const row of rows) {
        expect(row).toMatchObject({ name: r.name, mobile_hash: pii.hash(r.mobile), card_hash: pii.hash(r.card), status: 0 });
        expect(pii.decrypt(row.mobile_enc as string)).toBe(r.mobile);
        expect(pii.decrypt(row.card_enc as string)).toBe(r.card);
        expect(row.mobile_masked).toBe(`${r.mobile.slice(0, 3)}****${r.mobile.slice(7)}`);
      }
    }

    // Scans: a code is used exactly when its log line exists.
    const holders = "r.name like '通行测试%'";
    const used = await one(`select count(*) from pass_codes c join registrations r on r.id = c.registration_id where ${holders} and c.is_use = 1`);
    const logged = await one(`select count(*) from entry_logs l join registrations r on r.id = l.registration_id where ${holders}`);
    expect(used).toBe(logged);
    expect(used).toBeGreaterThanOrEqual(burst.scans.filter((x) => x.acked).length);
    expect(used).toBeLessThanOrEqual(SCANS);

    const acked = [...burst.registrations, ...burst.votes, ...burst.scans].filter((x) => x.acked).length;
    console.info(
      `crash-safety (${pgUrl ? 'PostgreSQL' : 'embedded'}): ${acked} acknowledged, ${burst.unanswered} unanswered; found after restart: ` +
        `${registered}/${USERS} registrations, ${ballots}/${USERS} ballots, ${used}/${SCANS} scans`,
    );
  }
});
