import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local stand-in for the SMS gateway's webhook: records what it is asked to send; can fail on demand. */
export async function startFakeSms() {
  const state = { received: [] as { mobile: string; kind?: string; text?: string; code?: string }[], failNext: 0 };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      if (state.failNext > 0) {
        state.failNext--;
        res.writeHead(503);
        return res.end();
      }
      state.received.push(JSON.parse(body) as (typeof state.received)[number]);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
