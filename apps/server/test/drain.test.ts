import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedServerProcesses } from './support/embedded-processes';
import { spawnServer } from './support/spawn-server';
import { freshMobile, idCard } from './support/factories';

/**
 * A rolling restart stops app nodes one by one with SIGTERM (issue 38 item 3): a node must finish
 * every request it was already sent – including those on connections the load balancer keeps
 * open –, end its push streams so the pages poll another node, close its pool and exit, instead
 * of answering 503 or holding on until each pass code expires.
 */
const HOME = 'DEMO000001';
const pgUrl = process.env.TEST_DATABASE_URL;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-drain-'));
const dbName = `sq_drain_${randomBytes(6).toString('hex')}`;
const children: ChildProcess[] = [];
/** Under one page of the staff list (20), which counts them afterwards. */
const IN_FLIGHT = 16;
const dataKey = randomBytes(32).toString('base64');
const databaseUrl = pgUrl ? pgUrl.replace(/\/[^/]*$/, `/${dbName}`) : '';

async function adminQuery(sql: string) {
  const c = new pg.Client({ connectionString: pgUrl });
  await c.connect();
  try {
    await c.query(sql);
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

interface Sent {
  /** Resolves once the whole request is written to the socket. */
  written: Promise<void>;
  answer: Promise<{ status: number; connection: string | undefined } | { error: string }>;
}

/** A POST over `agent` (kept-alive connections, as a load balancer holds them). */
function send(agent: http.Agent, origin: string, url: string, body: object, headers: Record<string, string> = {}): Sent {
  const payload = JSON.stringify(body);
  let written!: () => void;
  const sent: Sent = { written: new Promise((r) => (written = r)), answer: null as never };
  sent.answer = new Promise((resolve) => {
    const req = http.request(`${origin}${url}`, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection }));
    });
    req.on('error', (e) => resolve({ error: e.message }));
    req.on('finish', written);
    req.end(payload);
  });
  return sent;
}

async function post(origin: string, url: string, body: object, token?: string) {
  const res = await fetch(origin + url, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { token } : {}) }, body: JSON.stringify(body) });
  return (await res.json()) as { data: Record<string, unknown> };
}

async function login(origin: string, mobile: string) {
  const sent = await post(origin, '/v1/auth/smsCode', { mobile });
  return (await post(origin, '/v1/auth/login', { mobile, code: sent.data.devCode })).data.token as string;
}

describe('SIGTERM drains the node', () => {
  it('answers every request already sent, ends push streams, closes the pool and exits', async () => {
    const server = await spawnServer({ SEED_DEMO: 'true', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, DATA_KEY: pgUrl ? dataKey : '' });
    children.push(server.child);
    const o = server.origin;
    const manager = await login(o, '13800000002');
    const resident = await login(o, '13800000004');

    // A pass page's push stream, open on this node.
    const my = await fetch(`${o}/v1/userCard/my?poiId=${HOME}&pass=1`, { headers: { token: resident } });
    const code = ((await my.json()) as { data: { userCard: { code: string } } }).data.userCard.code;
    const stream = await fetch(`${o}/v1/userCard/codeEvents?poiId=${HOME}&code=${encodeURIComponent(code)}`, { headers: { token: resident } });
    const reader = stream.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain('event: codeInfo');
    const streamEnded = (async () => {
      while (!(await reader.read()).done);
      return Date.now();
    })();

    // The load balancer's kept-alive connections, each warmed by a request of its own.
    const agent = new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
    const warm = Array.from({ length: IN_FLIGHT }, () => send(agent, o, '/v1/userCard/checkCodeInfo', { poiId: HOME, code }, { token: resident }));
    expect((await Promise.all(warm.map((w) => w.answer))).map((a) => ('status' in a ? a.status : a.error))).toEqual(Array(IN_FLIGHT).fill(200));

    // Writes sent, every one of them whole on the wire, then SIGTERM.
    const writes = Array.from({ length: IN_FLIGHT }, (_, i) =>
      send(agent, o, '/v1/userCard', { poiId: HOME, name: `排空测试${i}`, mobile: freshMobile(), card: idCard(), owner: '业主', address: `${i}号楼`, isReturn: 0, import: 1 }, { token: manager }),
    );
    await Promise.all(writes.map((w) => w.written));
    const termAt = Date.now();
    server.child.kill('SIGTERM');

    const answers = await Promise.all(writes.map((w) => w.answer));
    expect(answers.map((a) => ('status' in a ? a.status : a.error))).toEqual(Array(IN_FLIGHT).fill(200));
    // Answered while draining: the connection is not kept for a next request to a closing node.
    expect(answers.filter((a) => 'connection' in a && a.connection === 'close').length).toBeGreaterThan(0);
    // The push stream ended at once instead of holding the node up until the code expires.
    expect((await streamEnded) - termAt).toBeLessThan(5_000);
    await Promise.race([server.exited, new Promise((r) => setTimeout(r, 20_000))]);
    expect(server.child.exitCode, server.output().slice(-3000)).toBe(0);
    expect(Date.now() - termAt).toBeLessThan(15_000);
    agent.destroy();

    // Nothing acknowledged was lost: a node on the same data finds all of them.
    const again = await spawnServer({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, DATA_KEY: pgUrl ? dataKey : '' });
    children.push(again.child);
    const list = await post(again.origin, '/v1/userCard/list', { poiId: HOME, keyword: '排空测试' }, manager);
    expect((list.data.userCards as unknown[]).length).toBe(IN_FLIGHT);
    again.child.kill('SIGTERM');
    await again.exited;
  }, 150_000);
});
