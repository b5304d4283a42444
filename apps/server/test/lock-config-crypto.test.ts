import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { acquireDataDirLock, DataDirLockedError } from '../src/db/data-dir-lock';
import { createPiiCipher } from '../src/lib/crypto';
import { loadMasterKey } from '../src/lib/master-key';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'sq-test-'));

describe('data directory lock', () => {
  it('refuses a second holder with a message naming the folder', () => {
    const dir = tmp();
    const release = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(dir);
    release();
    acquireDataDirLock(dir)();
  });

  it('takes over a lock left by a process that no longer runs', () => {
    const dir = tmp();
    const dead = spawnSync(process.execPath, ['-e', 'console.log(process.pid)']).stdout.toString().trim();
    fs.writeFileSync(path.join(dir, 'server.lock'), JSON.stringify({ pid: Number(dead), started: '1', host: os.hostname() }));
    const release = acquireDataDirLock(dir);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).pid).toBe(process.pid);
    release();
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);
  });

  it('takes over a lock whose pid now belongs to another process (pid reuse after a crash)', () => {
    const dir = tmp();
    fs.writeFileSync(path.join(dir, 'server.lock'), JSON.stringify({ pid: process.ppid, started: 'not-its-start-time', host: os.hostname() }));
    acquireDataDirLock(dir)();
  });

  it('takes over a half-written lock file', () => {
    const dir = tmp();
    fs.writeFileSync(path.join(dir, 'server.lock'), '{"pid":');
    acquireDataDirLock(dir)();
  });
});

describe('configuration', () => {
  it('has working defaults for npm start', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.SMS_PROVIDER).toBe('log');
    expect(c.dataDir).toBe(path.resolve('./data'));
    expect(c.SEED_DEMO).toBe(true);
    const production = loadConfig({ NODE_ENV: 'production', SMS_PROVIDER: 'webhook', SMS_WEBHOOK_URL: 'http://sms.internal/send', PUBLIC_ORIGIN: 'https://sq.example.com/' });
    expect(production.SEED_DEMO).toBe(false);
    expect(production.PUBLIC_ORIGIN).toBe('https://sq.example.com');
  });

  it('refuses unsafe or broken settings with a readable list', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SMS_PROVIDER: the 'log' provider prints login codes/);
    // In production the QR codes' address may not come from the request's Host header.
    expect(() => loadConfig({ NODE_ENV: 'production', SMS_PROVIDER: 'webhook', SMS_WEBHOOK_URL: 'http://sms.internal/send' })).toThrow(/PUBLIC_ORIGIN: required in production/);
    expect(() => loadConfig({ PUBLIC_ORIGIN: 'javascript:alert(1)' })).toThrow(/PUBLIC_ORIGIN/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://x/y' })).toThrow(/DATA_KEY: required with DATABASE_URL/);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ SMS_PROVIDER: 'webhook' })).toThrow(/SMS_WEBHOOK_URL/);
    expect(() => loadConfig({ DATA_KEY: 'c2hvcnQ=' })).toThrow(/exactly 32 bytes/);
  });
});

describe('personal data encryption', () => {
  const pii = createPiiCipher(Buffer.alloc(32, 1));

  it('round-trips, never stores the plain value and differs on every write', () => {
    const a = pii.encrypt('11010519491231002X');
    const b = pii.encrypt('11010519491231002X');
    expect(a).not.toBe(b);
    expect(a).not.toContain('1949');
    expect(pii.decrypt(a)).toBe('11010519491231002X');
  });

  it('detects tampering', () => {
    const parts = pii.encrypt('13800000000').split('.');
    parts[3] = Buffer.from('13900000000').toString('base64url');
    expect(() => pii.decrypt(parts.join('.'))).toThrow();
  });

  it('hashes equal values equally (case and spaces aside) and depends on the key', () => {
    expect(pii.hash(' 11010519491231002x')).toBe(pii.hash('11010519491231002X'));
    expect(createPiiCipher(Buffer.alloc(32, 2)).hash('13800000000')).not.toBe(pii.hash('13800000000'));
  });

  it('creates the embedded key file once, private to the owner, and reuses it', () => {
    const dir = tmp();
    const first = loadMasterKey({ dataDir: dir, embedded: true });
    expect(loadMasterKey({ dataDir: dir, embedded: true }).equals(first)).toBe(true);
    expect(fs.statSync(path.join(dir, 'master.key')).mode & 0o077).toBe(0);
    expect(() => loadMasterKey({ dataDir: dir, embedded: false })).toThrow(/DATA_KEY is required/);
  });
});
