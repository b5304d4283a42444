import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { TurnBatchedLines } from '../../src/lib/turn-batched-lines';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

function recorder() {
  const writes: string[] = [];
  let flushed = 0;
  return { writes, flushed: () => flushed, destination: { write: (text: string) => writes.push(text), flushSync: () => void flushed++ } };
}

describe('log lines batched per turn of the event loop', () => {
  it('hands the lines of one turn to the destination as one write, in order', async () => {
    const r = recorder();
    const lines = new TurnBatchedLines(r.destination);
    lines.write('a\n');
    lines.write('b\n');
    lines.write('c\n');
    expect(r.writes).toEqual([]);
    await nextTurn();
    expect(r.writes).toEqual(['a\nb\nc\n']);
    lines.write('d\n');
    await nextTurn();
    expect(r.writes).toEqual(['a\nb\nc\n', 'd\n']);
    await nextTurn();
    expect(r.writes).toHaveLength(2);
  });

  it('writes out what is pending before the process exits', () => {
    const r = recorder();
    const lines = new TurnBatchedLines(r.destination);
    lines.write('last words\n');
    lines.flushSync();
    expect(r.writes).toEqual(['last words\n']);
    expect(r.flushed()).toBe(1);
  });

  it('as pino’s stream in front of its file destination: every line in the file, whole and in order', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sq-lines-')), 'app.log');
    const destination = pino.destination({ dest: file, sync: false });
    await new Promise((resolve) => destination.once('ready', resolve));
    const batched = new TurnBatchedLines(destination);
    const log = pino({ base: null }, batched);
    for (let i = 0; i < 3000; i++) {
      log.info({ i, name: '张三' }, 'line');
      if (i % 500 === 0) await nextTurn();
    }
    batched.flushSync();
    const written = fs.readFileSync(file, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l) as { i: number; name: string });
    expect(written.map((l) => l.i)).toEqual(Array.from({ length: 3000 }, (_, i) => i));
    expect(written.every((l) => l.name === '张三')).toBe(true);
  });
});
