import { CODE_STEP_SECONDS } from '@sq/contract/pass/code-steps';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { openPostgres } from '../../src/db/client';
import { poster } from '../support/factories';
import { REENTRY_DEFAULT_MINUTES } from '@sq/contract/pass/gate-settings';
import { createTestApp, type TestApp } from '../support/test-app';

const HOME = 'DEMO000001';
let t: TestApp;
let origin: string;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

/** Opens the event stream the way the pass page does (fetch with the token header). */
async function openStream(base: string, token: string, code: string) {
  const res = await fetch(`${base}/v1/userCard/codeEvents?poiId=${HOME}&code=${encodeURIComponent(code)}`, { headers: { token } });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    /** The next `codeInfo` event's data, or null when the server ended the stream. */
    async next(): Promise<{ codeInfo: { isUse: number; expired: boolean } } | null> {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split('\n').find((l) => l.startsWith('data: '));
          if (data) return JSON.parse(data.slice(6));
          continue;
        }
        const { value, done } = await reader.read();
        if (done) return null;
        buffer += decoder.decode(value, { stream: true });
      }
    },
  };
}

/** The resident's entry code, past the steps an earlier test's use spent (one use per window). */
async function freshCode(app: TestApp['app'], token: string) {
  // Each test lets the resident in once: past the re-entry window, that is no second person.
  t.clock.advance(REENTRY_DEFAULT_MINUTES * 60_000 + 3 * CODE_STEP_SECONDS * 1000);
  const res = await app.inject({ method: 'GET', url: `/v1/userCard/my?poiId=${HOME}&pass=1`, headers: { token } });
  return res.json().data.userCard.code as string;
}

describe('the push channel for the waiting resident', () => {
  it('sends the state at once, then the scan, then ends', async () => {
    const resident = await t.login('13800000004');
    const duty = await t.login('13800000003');
    const code = await freshCode(t.app, resident);
    const stream = await openStream(origin, resident, code);
    expect(stream.status).toBe(200);
    expect(stream.contentType).toContain('text/event-stream');
    expect((await stream.next())!.codeInfo).toMatchObject({ isUse: 0, expired: false });

    await poster(t)('/v1/userCard/userInfo', duty, { poiId: HOME, code });
    expect((await stream.next())!.codeInfo).toMatchObject({ isUse: 1 });
    expect(await stream.next()).toBeNull();
  });

  it('keeps at most three open per session, closing the oldest when another opens', async () => {
    const resident = await t.login('13800000004');
    const code = await freshCode(t.app, resident);
    const streams = [];
    for (let i = 0; i < 5; i++) {
      const stream = await openStream(origin, resident, code);
      expect((await stream.next())!.codeInfo).toMatchObject({ isUse: 0 });
      streams.push(stream);
    }
    // The two oldest were ended by the server; the three newest still carry the scan.
    expect(await streams[0]!.next()).toBeNull();
    expect(await streams[1]!.next()).toBeNull();
    // Another session of the same person is not affected by this one's cap.
    const other = await openStream(origin, await t.login('13800000004'), code);
    expect((await other.next())!.codeInfo).toMatchObject({ isUse: 0 });
    await poster(t)('/v1/userCard/userInfo', await t.login('13800000003'), { poiId: HOME, code });
    for (const stream of [...streams.slice(2), other]) expect((await stream.next())!.codeInfo).toMatchObject({ isUse: 1 });
  });

  it('refuses someone else with the usual envelope', async () => {
    const resident = await t.login('13800000004');
    const code = await freshCode(t.app, resident);
    const res = await fetch(`${origin}/v1/userCard/codeEvents?poiId=${HOME}&code=${code}`, { headers: { token: await t.login('13800000005') } });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 404, message: '通行码无效' });
    expect((await fetch(`${origin}/v1/userCard/codeEvents?poiId=${HOME}&code=${code}`)).status).toBe(423);
  });

  it('reaches a resident connected to another server process', async () => {
    // A second server on its own connection pool, as on another machine behind the balancer.
    const database = await openPostgres(t.database.url, 3);
    const other = await buildApp({ config: t.config, database, pii: t.pii, now: t.clock.now });
    await other.listen({ port: 0, host: '127.0.0.1' });
    try {
      const otherOrigin = `http://127.0.0.1:${(other.server.address() as AddressInfo).port}`;
      const resident = await t.login('13800000004');
      const code = await freshCode(other, resident);
      const stream = await openStream(otherOrigin, resident, code);
      expect((await stream.next())!.codeInfo.isUse).toBe(0);
      await poster(t)('/v1/userCard/userInfo', await t.login('13800000003'), { poiId: HOME, code });
      expect((await stream.next())!.codeInfo.isUse).toBe(1);
    } finally {
      await other.close();
      await database.close();
    }
  });
});
