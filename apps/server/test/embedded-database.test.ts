import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { embeddedLayout, startEmbeddedPostgres } from '../src/db/embedded/embedded-postgres';
import { freeLoopbackPort } from '../src/lib/free-port';
import { embeddedServerProcesses, embeddedServerUrl, isAlive, postmasterPid } from './support/embedded-processes';
import { spawnServer, type SpawnedServer } from './support/spawn-server';

/** The embedded PostgreSQL server that `npm start` runs when DATABASE_URL is not set. */
const made: string[] = [];
const running: SpawnedServer[] = [];
function dataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-embedded-'));
  made.push(dir);
  return dir;
}
async function start(dir: string, options: Parameters<typeof spawnServer>[1] = {}) {
  const server = await spawnServer({ DATA_DIR: dir }, options);
  running.push(server);
  return server;
}
async function stop(server: SpawnedServer) {
  server.child.kill('SIGTERM');
  await server.exited;
}
async function query(dir: string, text: string) {
  const client = new pg.Client({ connectionString: embeddedServerUrl(dir) });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}
const waitGone = async (pid: number) => {
  for (let i = 0; i < 200 && isAlive(pid) && !isZombie(pid); i++) await new Promise((r) => setTimeout(r, 50));
};
function isZombie(pid: number) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return true;
  }
}

/** Whether users other than the owner may execute `file`: o+x on it and on every folder above it. */
function othersCanRun(file: string): boolean {
  for (let p = fs.realpathSync(file); ; p = path.dirname(p)) {
    if ((fs.statSync(p).mode & 0o001) === 0) return false;
    if (path.dirname(p) === p) return true;
  }
}

afterAll(async () => {
  for (const s of running) if (s.child.exitCode === null) s.child.kill('SIGKILL');
  for (const dir of made) for (const pid of embeddedServerProcesses(dir)) process.kill(pid, 'SIGKILL');
  await new Promise((r) => setTimeout(r, 300));
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

describe('embedded PostgreSQL', () => {
  it('is durable, reachable on loopback with its password only, and stops with the app', async () => {
    const dir = dataDir();
    const server = await start(dir);
    expect(await (await fetch(`${server.origin}/healthz`)).json()).toMatchObject({ data: { database: 'embedded' } });
    const settings = await query(dir, "select name, setting from pg_settings where name in ('fsync', 'synchronous_commit', 'full_page_writes', 'listen_addresses', 'unix_socket_directories') order by name");
    expect(Object.fromEntries(settings.map((r) => [r.name, r.setting]))).toEqual({
      fsync: 'on',
      full_page_writes: 'on',
      listen_addresses: '127.0.0.1',
      synchronous_commit: 'on',
      unix_socket_directories: '',
    });
    // The password is generated per data directory and kept from other users.
    expect(fs.statSync(embeddedLayout(dir).passwordFile).mode & 0o077).toBe(0);
    const port = fs.readFileSync(path.join(embeddedLayout(dir).cluster, 'postmaster.pid'), 'utf8').split('\n')[3]!.trim();
    const guess = new pg.Client({ connectionString: `postgres://postgres:postgres@127.0.0.1:${port}/sq` });
    await expect(guess.connect()).rejects.toThrow(/password authentication failed/);
    await guess.end().catch(() => {});
    // A failed statement leaves no value in the server's own log (the app logs failures itself).
    await expect(query(dir, "select '110105199001011234欧阳'::uuid")).rejects.toThrow(/invalid input syntax/);
    await expect(query(dir, "create table t(k text primary key); insert into t values ('欧阳泄漏'), ('欧阳泄漏')")).rejects.toThrow(/duplicate key/);

    const pid = postmasterPid(dir)!;
    await stop(server);
    await waitGone(pid);
    expect(isAlive(pid) && !isZombie(pid)).toBe(false);
    expect(fs.existsSync(path.join(embeddedLayout(dir).cluster, 'postmaster.pid'))).toBe(false);
    const serverLog = fs.readFileSync(embeddedLayout(dir).logFile, 'utf8');
    expect(serverLog).toMatch(/database system is shut down/);
    expect(serverLog).not.toMatch(/110105199001011234|欧阳/);
  });

  it('stops a database server orphaned by an app that was killed alone, and starts on the same data', async () => {
    const dir = dataDir();
    const first = await start(dir);
    const token = await (async () => {
      const sent = (await (await fetch(`${first.origin}/v1/auth/smsCode`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"mobile":"13800000004"}' })).json()) as { data: { devCode: string } };
      const res = (await (await fetch(`${first.origin}/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mobile: '13800000004', code: sent.data.devCode }) })).json()) as { data: { token: string } };
      return res.data.token;
    })();
    const orphan = postmasterPid(dir)!;
    first.child.kill('SIGKILL'); // the OOM killer: the app alone
    await first.exited;
    expect(isAlive(orphan)).toBe(true);

    const second = await start(dir);
    expect(second.output()).toContain(`(pid ${orphan}) still holds`);
    expect(isAlive(orphan) && !isZombie(orphan)).toBe(false);
    // The session made in the first life is still there.
    const me = await fetch(`${second.origin}/v1/mobile/community/userInfo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) });
    expect(me.status).toBe(200);
    await stop(second);
  });

  it.skipIf(process.getuid?.() !== 0)('runs the database as the unprivileged account when started by root, and as the user itself otherwise', async () => {
    const dir = dataDir();
    const server = await start(dir);
    const owner = execFileSync('stat', ['-c', '%U', embeddedLayout(dir).cluster], { encoding: 'utf8' }).trim();
    expect(owner).toBe('postgres');
    const user = execFileSync('ps', ['-o', 'user=', '-p', String(postmasterPid(dir))], { encoding: 'utf8' }).trim();
    expect(user).toBe('postgres');
    await stop(server);

    // A normal user (nobody) with a data directory of its own: the server runs as that user. Only
    // where that user can run this Node at all (CI's extra Node versions live under /root).
    if (!othersCanRun(process.execPath)) return;
    const own = dataDir();
    fs.chownSync(own, 65534, 65534);
    const asNobody = await start(own, { uid: 65534, gid: 65534 });
    const runsAs = execFileSync('ps', ['-o', 'uid=', '-p', String(postmasterPid(own))], { encoding: 'utf8' }).trim();
    expect(runsAs).toBe('65534');
    expect((await fetch(`${asNobody.origin}/healthz`)).status).toBe(200);
    await stop(asNobody);
  });

  it('starts on another port when the one it chose is taken before the server binds it', async () => {
    const dir = dataDir();
    // Another program takes the chosen port in the moment between choosing and binding.
    const squatter = net.createServer().listen(0, '127.0.0.1');
    await new Promise((r) => squatter.once('listening', r));
    const taken = (squatter.address() as net.AddressInfo).port;
    const said: string[] = [];
    const ports = [taken];
    const server = await startEmbeddedPostgres(dir, (m) => said.push(m), async () => ports.shift() ?? freeLoopbackPort());
    try {
      expect(said.some((m) => m.includes(`Port ${taken} was taken`))).toBe(true);
      expect(new URL(server.url).port).not.toBe(String(taken));
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      expect((await client.query('select 1 as one')).rows[0].one).toBe(1);
      await client.end();
    } finally {
      await server.stop();
      squatter.close();
    }
  });
});
