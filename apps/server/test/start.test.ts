import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-start-'));
const running: ChildProcess[] = [];

/** Runs `npm start` as a newcomer would, on its own port and data directory. */
function npmStart(): Promise<{ child: ChildProcess; origin: string | null; output: () => string; exited: Promise<number | null> }> {
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', NODE_ENV: 'development', TEST_DATABASE_URL: '', DATABASE_URL: '' },
    detached: true,
  });
  running.push(child);
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return new Promise((resolve) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      // The documentation line is the last of the start-up banner.
      const match = /API documentation: (http:\/\/localhost:\d+)\/docs/.exec(output);
      if (match) resolve({ child, origin: match[1]!, output: () => output, exited });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => resolve({ child, origin: null, output: () => output, exited }));
  });
}

function stop(child: ChildProcess) {
  try {
    process.kill(-child.pid!, 'SIGTERM');
  } catch {
    /* already gone */
  }
}

afterAll(async () => {
  running.forEach(stop);
  await new Promise((r) => setTimeout(r, 500));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start', () => {
  it('creates, seeds and serves the app; refuses a second server on the same data; reuses it after a restart', async () => {
    const first = await npmStart();
    expect(first.origin, first.output()).not.toBeNull();
    expect(first.output()).toContain('demo data created');
    expect(first.output()).toContain('13800000001');

    const home = await fetch(`${first.origin}/`);
    expect(home.status).toBe(200);
    const html = await home.text();
    expect(html).toContain('<div id="root">');
    // The hashed script the page loads is served, and cached for good.
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
    const asset = await fetch(`${first.origin}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    // Sent precompressed (the build writes .br/.gz beside each asset).
    const brotli = await fetch(`${first.origin}${script}`, { headers: { 'accept-encoding': 'br' } });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect((await fetch(`${first.origin}/pcheck?poiId=DEMO000001&state=1`)).status).toBe(200);
    expect((await fetch(`${first.origin}/docs/`)).status).toBe(200);
    expect(await (await fetch(`${first.origin}/healthz`)).json()).toMatchObject({ data: { database: 'embedded' } });

    const second = await npmStart();
    expect(second.origin).toBeNull();
    expect(await second.exited).not.toBe(0);
    expect(second.output()).toContain(`is using DATA_DIR ${dataDir}`);

    // SIGTERM reaches npm and the server; npm exits at once, the server after closing cleanly.
    stop(first.child);
    await first.exited;
    const lock = path.join(dataDir, 'server.lock');
    for (let i = 0; i < 100 && fs.existsSync(lock); i++) await new Promise((r) => setTimeout(r, 100));
    expect(fs.existsSync(lock)).toBe(false);

    const again = await npmStart();
    expect(again.origin, again.output()).not.toBeNull();
    expect(again.output()).not.toContain('demo data created');
    const sent = await fetch(`${again.origin}/v1/auth/smsCode`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mobile: '13800000004' }),
    });
    expect(((await sent.json()) as { data: { devCode: string } }).data.devCode).toMatch(/^\d{6}$/);
    stop(again.child);
    await again.exited;
  }, 120_000);
});
