import os from 'node:os';
import type { FastifyReply, FastifyRequest } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessLog } from '../../src/lib/access-log';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t.close());

type Line = { level: number; time: number; pid: number; hostname: string; msg: string; reqId?: string; req?: { method: string; url: string; remoteAddress: string }; res?: { statusCode: number }; responseTime?: number };

const lines = (app: TestApp = t) =>
  app
    .logs()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Line);

describe('access log', () => {
  it('writes one line per request, when answered, with its status and time and no secret', async () => {
    const token = await t.login('13800000004');
    const before = lines().length;
    const res = await t.app.inject({ method: 'GET', url: '/v1/userCard/my?poiId=DEMO000001&pass=1&mobile=13800000004', headers: { token, 'x-request-id': 'req-under-test' }, remoteAddress: '10.1.2.3' });
    expect(res.statusCode).toBe(200);
    const mine = lines().slice(before).filter((l) => l.reqId === 'req-under-test');
    expect(mine).toHaveLength(1);
    // pino's line: whoever reads the log (pino-pretty, a log shipper) reads it as every other line.
    expect(mine[0]).toMatchObject({ level: 30, pid: process.pid, hostname: os.hostname(), msg: 'request', res: { statusCode: 200 }, req: { method: 'GET', remoteAddress: '10.1.2.3' } });
    expect(Math.abs(mine[0]!.time - Date.now())).toBeLessThan(60_000);
    expect(mine[0]!.req!.url).toBe('/v1/userCard/my?poiId=DEMO000001&pass=1&mobile=%5Bredacted%5D');
    expect(typeof mine[0]!.responseTime).toBe('number');
    expect(t.logs()).not.toContain(token);
    expect(t.logs()).not.toContain('13800000004');
    expect(t.logs()).not.toContain('incoming request');
  });

  it('keeps every line one JSON object whatever the client puts in its request id and URL', async () => {
    const before = t.logs().length;
    const id = 'a"b\\c\u2028d</script>';
    const res = await t.app.inject({ method: 'GET', url: '/healthz?x="y"', headers: { 'x-request-id': id } });
    expect(res.statusCode).toBe(200);
    const written = t.logs().slice(before).split('\n').filter(Boolean);
    expect(written).toHaveLength(1);
    expect(JSON.parse(written[0]!)).toMatchObject({ reqId: id, req: { url: '/healthz?x=%22y%22' } });
  });

  it('writes no access line when the level is above info', async () => {
    const quiet = await createTestApp({ env: { LOG_LEVEL: 'warn' } });
    try {
      const res = await quiet.app.inject({ method: 'GET', url: '/healthz' });
      expect(res.statusCode).toBe(200);
      expect(lines(quiet).filter((l) => l.msg === 'request')).toHaveLength(0);
    } finally {
      await quiet.close();
    }
  });

  it('writes a valid line for a request whose connection has already closed (no address left)', () => {
    let written = '';
    const log = pino({ level: 'info' }, { write: (line: string) => void (written += line) });
    const request = { log, id: 'req-closed', method: 'POST', url: '/v1/userCard/checkCodeInfo', ip: undefined } as unknown as FastifyRequest;
    new AccessLog().requestCompleted(null, request, { statusCode: 200, elapsedTime: 1.26 } as FastifyReply);
    expect(JSON.parse(written)).toMatchObject({ reqId: 'req-closed', req: { remoteAddress: null }, res: { statusCode: 200 }, responseTime: 1.3, msg: 'request' });
  });
});
