import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** The baseline every HTTP benchmark is compared with: bare node:http answering a small JSON. */
export async function startHelloServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const body = JSON.stringify({ code: 200, message: 'ok', data: { hello: 'world' } });
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
