import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BurstAnswer, BurstOptions } from './burst-child';

export type { BurstAnswer, BurstOptions };

const root = path.resolve(import.meta.dirname, '../..');

/** A burst sent by a process of its own (burst-child.ts): out of the measured server's process and the bench's. */
export async function burst(o: BurstOptions): Promise<BurstAnswer[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-burst-'));
  const file = path.join(dir, 'options.json');
  fs.writeFileSync(file, JSON.stringify(o));
  try {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'burst-child.ts'), file], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    const out: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    if (code !== 0) throw new Error(`burst generator exited ${code}`);
    // Decoded whole: the answers' Chinese may be split across the pipe's chunks.
    return JSON.parse(Buffer.concat(out).toString('utf8')) as BurstAnswer[];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const at = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** The answers' latency percentiles (ms, each timed from when its request was due). */
export function latencies(answers: BurstAnswer[]) {
  const ms = answers.map((a) => a.ms).sort((a, b) => a - b);
  return { p50: at(ms, 50), p95: at(ms, 95), p99: at(ms, 99), max: ms[ms.length - 1] ?? 0 };
}
