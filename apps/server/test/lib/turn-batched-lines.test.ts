import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { TurnBatchedLines } from '../../src/lib/turn-batched-lines';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

function recorder() {
  const writes: string[] = [];
  return { writes, destination: { write: (text: string) => writes.push(text), flushSync: () => {} } };
}

function fileDestination() {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sq-lines-')), 'app.log');
  const fd = fs.openSync(file, 'a');
  return { fd, destination: pino.destination({ dest: fd, sync: false }), read: () => fs.readFileSync(file, 'utf8') };
}

describe('log lines batched per turn of the event loop', () => {
  it('hands the lines of one turn to the destination as one write, in order', async () => {
    const r = recorder();
    const lines = new TurnBatchedLines(-1, r.destination);
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

  it('writes out what is pending before returning, as the process is about to exit', async () => {
    const { fd, destination, read } = fileDestination();
    const lines = new TurnBatchedLines(fd, destination);
    lines.write('first\n');
    await nextTurn(); // handed to the destination, which writes it asynchronously
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(read()).toBe('first\n');
    // Every thread of libuv's pool busy for a while: an asynchronous write would wait behind them.
    const busy = Array.from({ length: 8 }, () => new Promise((resolve) => crypto.pbkdf2('x', 'y', 300_000, 32, 'sha256', resolve)));
    lines.write('last words\n');
    lines.flushSync();
    // In the file when flushSync returns: handed to the destination now, it would only be on its way.
    expect(read()).toBe('first\nlast words\n');
    await Promise.all(busy);
  });

  it('as pino’s stream in front of its file destination: every line in the file, whole and in order', async () => {
    const { fd, destination, read } = fileDestination();
    const log = pino({ base: null }, new TurnBatchedLines(fd, destination));
    for (let i = 0; i < 3000; i++) {
      log.info({ i, name: '张三' }, 'line');
      if (i % 500 === 0) await nextTurn();
    }
    await nextTurn();
    // Closing waits for the writes on their way (flushSync does not: see the test above).
    await new Promise((resolve) => {
      destination.once('close', resolve);
      destination.end();
    });
    const written = read().trimEnd().split('\n').map((l) => JSON.parse(l) as { i: number; name: string });
    expect(written.map((l) => l.i)).toEqual(Array.from({ length: 3000 }, (_, i) => i));
    expect(written.every((l) => l.name === '张三')).toBe(true);
  });
});
