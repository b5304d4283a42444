// A burst's own process: `node --import tsx burst-child.ts <options.json>` sends a fixed list of
// POSTs evenly over a time (each timed from when it was due), and prints each answer's status,
// message and milliseconds as JSON. Kept out of the measured server's process and the bench's.
import fs from 'node:fs';
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

export interface BurstOptions {
  origin: string;
  requests: { path: string; body: object }[];
  spreadSeconds: number;
  maxSockets?: number;
}
export interface BurstAnswer {
  status: number;
  message: string;
  ms: number;
}

const opts = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as BurstOptions;
const agent = new Agent({ keepAlive: true, maxSockets: opts.maxSockets ?? 64 });
const target = new URL(opts.origin);
const gap = (opts.spreadSeconds * 1000) / opts.requests.length;
const started = performance.now();

function send(path: string, body: string, due: number): Promise<BurstAnswer> {
  return new Promise((resolve) => {
    const req = request(
      { agent, host: target.hostname, port: target.port, path, method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => {
          let message = '';
          try {
            message = (JSON.parse(text) as { message?: string }).message ?? '';
          } catch {
            message = text.slice(0, 80);
          }
          resolve({ status: res.statusCode ?? 0, message, ms: performance.now() - due });
        });
      },
    );
    req.on('error', (e) => resolve({ status: 0, message: e.message, ms: performance.now() - due }));
    req.end(body);
  });
}

const answers = await Promise.all(
  opts.requests.map(async (r, i) => {
    const due = started + i * gap;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((res) => setTimeout(res, wait));
    return send(r.path, JSON.stringify(r.body), due);
  }),
);
agent.destroy();
process.stdout.write(JSON.stringify(answers));
