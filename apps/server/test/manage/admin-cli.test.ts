import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-cli-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Runs `npm run <script> -- …` the way an operator does, on its own embedded database. */
async function npmRun(script: string, ...args: string[]) {
  try {
    const { stdout } = await promisify(execFile)('npm', ['run', '--silent', script, '--', ...args], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', TEST_DATABASE_URL: '' },
    });
    return { code: 0, out: stdout };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, out: err.stdout + err.stderr };
  }
}

describe('operators’ command line', () => {
  it('seeds, grants and revokes an administrator, and explains mistakes', async () => {
    expect((await npmRun('seed')).out).toContain('Demo data is in place.');
    const granted = await npmRun('admin', 'grant-admin', '13800000002', 'DEMO000003');
    expect(granted).toEqual({ code: 0, out: '李秀英 (138****0002) now administers 南湖西园 (DEMO000003).\n' });
    expect((await npmRun('admin', 'list-admins')).out).toContain('138****0002  李秀英  DEMO000003 南湖西园');
    expect((await npmRun('admin', 'revoke-admin', '13800000002', 'DEMO000003')).out).toContain('no longer administers 南湖西园');
    const unknown = await npmRun('admin', 'grant-admin', '13800000002', 'NOPE');
    expect(unknown.code).toBe(2);
    expect(unknown.out).toContain('There is no community NOPE.');
    expect((await npmRun('admin', 'grant-operator', '1380000000')).code).toBe(2);
  }, 90_000);
});
