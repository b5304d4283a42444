import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_LABELS } from '@sq/contract/manage/audit-log';

const src = path.resolve(import.meta.dirname, '../../src');
const files = (dir: string): string[] => fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []));

describe('操作日志 words', () => {
  it('has words for every action the server records, so an administrator never reads a code', () => {
    const actions = new Set<string>();
    for (const file of files(src)) {
      const text = fs.readFileSync(file, 'utf8');
      // action: 'x.y' and action: cond ? 'x.y' : 'x.z' – the literal names the server writes.
      for (const m of text.matchAll(/action:\s*([^,}\n]+)/g)) for (const lit of m[1]!.matchAll(/'([a-zA-Z]+(?:\.[a-zA-Z]+)+)'/g)) actions.add(lit[1]!);
    }
    // Names built from a decision: merchant.<approve|return|suspend|restore>.
    for (const d of ['approve', 'return', 'suspend', 'restore']) actions.add(`merchant.${d}`);
    expect(actions.size).toBeGreaterThan(20);
    expect([...actions].filter((a) => !(a in AUDIT_ACTION_LABELS)).sort()).toEqual([]);
  });
});
