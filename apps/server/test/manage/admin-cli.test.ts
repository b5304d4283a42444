import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { npmRun } from '../support/npm-run';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-cli-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const npmRunHere = (script: string, ...args: string[]) => npmRun(dataDir, script, ...args);

describe('operators’ command line', () => {
  it('seeds, grants and revokes an administrator, and explains mistakes', async () => {
    expect((await npmRunHere('seed')).out).toContain('Demo data is in place.');
    const granted = await npmRunHere('admin', 'grant-admin', '13800000002', 'DEMO000003');
    expect(granted).toEqual({ code: 0, out: '李秀英 (138****0002) now administers 南湖西园 (DEMO000003).\n' });
    expect((await npmRunHere('admin', 'list-admins')).out).toContain('138****0002  李秀英  DEMO000003 南湖西园');
    expect((await npmRunHere('admin', 'revoke-admin', '13800000002', 'DEMO000003')).out).toContain('no longer administers 南湖西园');
    const unknown = await npmRunHere('admin', 'grant-admin', '13800000002', 'NOPE');
    expect(unknown.code).toBe(2);
    expect(unknown.out).toContain('There is no community NOPE.');
    expect((await npmRunHere('admin', 'grant-operator', '1380000000')).code).toBe(2);
  }, 90_000);
});
