import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * The public side of a deployment (docs/operations.md: HAProxy on :443 with TLS and ALPN h2, in
 * front of the app nodes), for measuring pages as phones load them: HTTP/2 over TLS, every file of
 * a screen on one connection. The app behind it speaks HTTP/1.1 as it does behind HAProxy. The
 * certificate is made here for 127.0.0.1 and thrown away; the browser is told to accept it.
 */
export async function startTlsFront(upstream: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-tls-'));
  const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
  const target = new URL(upstream);
  const agent = new http.Agent({ keepAlive: true });
  const server = http2.createSecureServer({ key: fs.readFileSync(key), cert: fs.readFileSync(cert), allowHTTP1: true }, (req, res) => {
    // HTTP/2's pseudo-headers are not HTTP/1.1 headers; the host and the scheme go as a proxy sends them.
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => !k.startsWith(':')));
    headers.host = req.headers[':authority'] ?? req.headers.host;
    headers['x-forwarded-proto'] = 'https';
    const out = http.request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers, agent }, (answer) => {
      // Connection-specific headers are forbidden in HTTP/2.
      const kept = Object.fromEntries(Object.entries(answer.headers).filter(([k]) => !['connection', 'keep-alive', 'transfer-encoding', 'upgrade'].includes(k)));
      res.writeHead(answer.statusCode ?? 502, kept);
      answer.pipe(res);
    });
    out.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(out);
  });
  const sessions = new Set<http2.ServerHttp2Session>();
  server.on('session', (s: http2.ServerHttp2Session) => {
    sessions.add(s);
    s.on('close', () => sessions.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const s of sessions) s.destroy();
      await closed;
      agent.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
