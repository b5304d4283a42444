import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { embeddedServerProcesses } from './support/embedded-processes';
import { idCard } from './support/factories';
import { npmRun } from './support/npm-run';
import { spawnServer, type SpawnedServer } from './support/spawn-server';

/** `npm run backup` / `npm run restore` on the embedded database, as an operator runs them. */
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-backup-'));
const original = path.join(work, 'original');
const restored = path.join(work, 'restored');
const file = path.join(work, 'community.backup');
const running: SpawnedServer[] = [];

afterAll(async () => {
  for (const s of running) if (s.child.exitCode === null) s.child.kill('SIGKILL');
  for (const dir of [original, restored]) for (const pid of embeddedServerProcesses(dir)) process.kill(pid, 'SIGKILL');
  await new Promise((r) => setTimeout(r, 300));
  fs.rmSync(work, { recursive: true, force: true });
});

async function post(origin: string, url: string, body: object, token?: string) {
  const res = await fetch(origin + url, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { token } : {}) }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as { data: { devCode?: string; token?: string; userCards?: { name: string }[] } } };
}
async function login(origin: string, mobile: string) {
  const sent = await post(origin, '/v1/auth/smsCode', { mobile });
  return (await post(origin, '/v1/auth/login', { mobile, code: sent.body.data.devCode })).body.data.token!;
}
async function register(origin: string, mobile: string, name: string) {
  const token = await login(origin, mobile);
  const res = await post(origin, '/v1/userCard', { poiId: 'DEMO000001', name, mobile, card: idCard(), owner: '业主', address: '1号楼', isReturn: 0 }, token);
  expect(res.status).toBe(200);
}
async function names(origin: string) {
  const manager = await login(origin, '13800000002');
  const list = await post(origin, '/v1/userCard/list', { poiId: 'DEMO000001', keyword: '备份' }, manager);
  return list.body.data.userCards!.map((c) => c.name).sort();
}

describe('backup and restore of the embedded database', () => {
  it('backs up while the app runs, and restores into a new data directory with the original key only', async () => {
    const app = await spawnServer({ DATA_DIR: original });
    running.push(app);
    await register(app.origin, '13712350001', '备份之前');
    const backup = await npmRun(original, 'backup', file);
    expect(backup.out).toMatch(/Backed up \d+ rows of \d+ tables/);
    expect(backup.code).toBe(0);
    // The key stays out of the backup: a stolen backup reveals no mobile or ID number.
    const key = fs.readFileSync(path.join(original, 'master.key'), 'utf8').trim();
    const content = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8');
    expect(content).not.toContain(key);
    expect(content).not.toContain(Buffer.from(key, 'base64').toString('hex'));
    await register(app.origin, '13712350002', '备份之后');
    app.child.kill('SIGTERM');
    await app.exited;

    // A new installation has a key of its own: the backup's personal data would be unreadable.
    const wrongKey = await npmRun(restored, 'restore', file);
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.out).toContain('put the original master.key in DATA_DIR');

    // A file cut short is refused and changes nothing.
    fs.copyFileSync(path.join(original, 'master.key'), path.join(restored, 'master.key'));
    const cut = path.join(work, 'cut.backup');
    fs.writeFileSync(cut, fs.readFileSync(file).subarray(0, Math.floor(fs.statSync(file).size / 2)));
    expect((await npmRun(restored, 'restore', cut)).code).toBe(1);

    const done = await npmRun(restored, 'restore', file);
    expect(done.out).toContain('Restored the backup of');
    expect(done.code).toBe(0);

    const again = await spawnServer({ DATA_DIR: restored });
    running.push(again);
    expect(again.output()).not.toContain('demo data created');
    expect(await names(again.origin)).toEqual(['备份之前']);
    // New rows continue after the restored ones.
    await register(again.origin, '13712350003', '备份恢复后');
    again.child.kill('SIGTERM');
    await again.exited;
  }, 120_000);
});
