import type { FastifyInstance } from 'fastify';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Database, Db } from '../src/db/client';
import * as schema from '../src/db/schema';
import { createPiiCipher } from '../src/lib/crypto';
import { parsePassCode } from '@sq/contract/pass/rotating-code';
import { registrationIdOf } from '../src/modules/pass/gate-keys';
import { passChannel } from '../src/modules/pass/pass-events';
import { seedDemo } from '../src/seed/demo';
import { freshMobile, idCard } from './support/factories';
import { CapturedSms, TestClock } from './support/test-app';
import { openTestDatabase } from './support/test-database';

/**
 * Interleavings that bursts of concurrent requests produce now and then (the held-load run met
 * them), forced here one at a time by holding one request's database answer while another runs.
 *
 * Sessions and pass-code states are served from in-memory copies, dropped when they change (in
 * this process at once, in others through NOTIFY). A request that read the database just before a
 * change committed, and stores its copy just after the change dropped it, must not put the old
 * state back: a logged-out token would keep working, a scanned code would keep saying "waiting",
 * until the copy ages out.
 */
const HOME = 'DEMO000001';

/** The same database, with a way to hold back the answer of the next query that matches. */
function withHold(database: Database) {
  let armed: { match: RegExp; reached: () => void; released: Promise<void> } | null = null;
  const raw = (database.db as unknown as { $client: object }).$client;
  const client = new Proxy(raw, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== 'function') return value;
      if (prop !== 'query') return value.bind(target);
      return async (...args: unknown[]) => {
        const result = await value.apply(target, args);
        const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string }).text ?? '';
        const hold = armed;
        if (hold && hold.match.test(text)) {
          armed = null;
          hold.reached();
          await hold.released;
        }
        return result;
      };
    },
  });
  const db = drizzlePg({ client: client as never, schema }) as unknown as Db;
  return {
    database: { ...database, db },
    /** Holds the answer of the next query matching `match`; `reached` resolves once it is held. */
    hold(match: RegExp, what: string) {
      let release!: () => void;
      let reached!: () => void;
      const released = new Promise<void>((r) => (release = r));
      const isReached = new Promise<void>((r) => (reached = r));
      armed = { match, reached, released };
      const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no query held: ${what}`)), 5000).unref());
      return { reached: Promise.race([isReached, timeout]), release };
    },
  };
}

let database: Database;
let app: FastifyInstance;
/** Another server process on the same database: its logins are sessions `app` has never seen. */
let elsewhere: FastifyInstance;
let hooks: ReturnType<typeof withHold>;
const sms = new CapturedSms();
const clock = new TestClock();

beforeAll(async () => {
  database = await openTestDatabase();
  const pii = createPiiCipher(Buffer.alloc(32, 3));
  await seedDemo(database.db, pii);
  hooks = withHold(database);
  app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent' }), database: hooks.database, pii, sms, now: clock.now });
  await app.ready();
  elsewhere = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent' }), database, pii, sms, now: clock.now });
  await elsewhere.ready();
});
afterAll(async () => {
  await elsewhere?.close();
  await app?.close();
  await database?.close();
});

async function login(mobile: string, on = app) {
  await on.inject({ method: 'POST', url: '/v1/auth/smsCode', payload: { mobile } });
  return (await on.inject({ method: 'POST', url: '/v1/auth/login', payload: { mobile, code: sms.lastCodeFor(mobile) } })).json().data.token as string;
}

describe('the session kept in memory', () => {
  it('does not keep a session read before a logout that was dropped meanwhile', async () => {
    const token = await login(freshMobile(), elsewhere);
    const whoAmI = async () => (await app.inject({ method: 'POST', url: '/v1/mobile/community/userInfo', payload: { token } })).statusCode;

    // The first request with a new token reads its session from the database: hold that answer.
    const held = hooks.hold(/from "sessions"/, 'the request did not read the session');
    const early = whoAmI();
    await held.reached;
    const logout = await app.inject({ method: 'POST', url: '/v1/auth/logout', payload: { token } });
    expect(logout.statusCode, logout.body).toBe(200);
    held.release();
    // Sent before the logout: either answer is right.
    expect([200, 424]).toContain(await early);

    // After the logout was acknowledged the token is dead.
    expect(await whoAmI()).toBe(424);
    expect(await whoAmI()).toBe(424);
  });

  it('does not put back a session whose sliding expiry was being written during a logout', async () => {
    const token = await login(freshMobile(), elsewhere);
    const whoAmI = async () => (await app.inject({ method: 'POST', url: '/v1/mobile/community/userInfo', payload: { token } })).statusCode;
    expect(await whoAmI()).toBe(200);
    // Past half its lifetime, the next request writes the extended expiry: hold that write.
    clock.advance(16 * 86_400_000);
    const held = hooks.hold(/update "sessions"/, 'the request did not extend the session');
    const early = whoAmI();
    await held.reached;
    expect((await app.inject({ method: 'POST', url: '/v1/auth/logout', payload: { token } })).statusCode).toBe(200);
    held.release();
    expect([200, 424]).toContain(await early);
    expect(await whoAmI()).toBe(424);
  });
});

describe('the pass state kept in memory', () => {
  it('does not keep a state read before a scan that was dropped meanwhile', async () => {
    const [resident, duty] = [await login('13800000004'), await login('13800000003')];
    const code = (await app.inject({ method: 'GET', url: `/v1/userCard/my?poiId=${HOME}`, headers: { token: resident } })).json().data.userCard.code as string;
    const poll = async () => (await app.inject({ method: 'POST', url: '/v1/userCard/checkCodeInfo', payload: { token: resident, poiId: HOME, code } })).json().data.codeInfo.isUse as number;
    expect(await poll()).toBe(0);

    // Another process's change of this code (as its NOTIFY arrives) drops the copy, so the next
    // poll reads the database.
    await database.notify('pass_code', passChannel(registrationIdOf(parsePassCode(code)!.id)!, 1));
    await new Promise((r) => setTimeout(r, 200));

    const held = hooks.hold(/from "pass_codes" where/, 'the poll did not read the pass\'s last use');
    const early = poll();
    await held.reached;
    // The poll has read "waiting"; now the gate scan commits and drops the copy.
    const scan = await app.inject({ method: 'POST', url: '/v1/userCard/userInfo', payload: { token: duty, poiId: HOME, code } });
    expect(scan.statusCode, scan.body).toBe(200);
    held.release();
    // Sent before the scan: either answer is right.
    expect([0, 1]).toContain(await early);

    // Sent after the scan was acknowledged: must show it, now and on the polls after.
    expect(await poll()).toBe(1);
    expect(await poll()).toBe(1);
  });
});

describe('a registration staff entered for someone', () => {
  it('is found by both of the person’s first requests when they come at once', async () => {
    const manager = await login('13800000002');
    const mobile = freshMobile();
    const entered = await app.inject({ method: 'POST', url: '/v1/userCard', payload: { token: manager, poiId: HOME, name: '代登记', mobile, card: idCard(), owner: '业主', address: '5号楼', isReturn: 0, import: 1 } });
    expect(entered.statusCode, entered.body).toBe(200);
    const person = await login(mobile);
    const myPass = async () => (await app.inject({ method: 'GET', url: `/v1/userCard/my?poiId=${HOME}`, headers: { token: person } })).json().data.userCard.ptype as number;

    // The first request looks for the person's own registration and finds none yet: hold it there
    // while the second finds the entered one and claims it.
    const held = hooks.hold(/from "registrations"/, 'the request did not look for the registration');
    const first = myPass();
    await held.reached;
    expect(await myPass()).toBe(1);
    held.release();
    expect(await first).toBe(1);
  });
});

describe('a person’s first registration', () => {
  it('is written once when two submits come at once (a double tap): the other is told it is pending', async () => {
    const mobile = freshMobile();
    const person = await login(mobile);
    const submit = () =>
      app.inject({ method: 'POST', url: '/v1/userCard', payload: { token: person, poiId: HOME, name: '王双击', mobile, card: idCard(), owner: '业主', address: '6号楼', isReturn: 0 } });

    // The first submit's write is done but not yet answered when the second arrives.
    const held = hooks.hold(/insert into "registrations"/, 'the submit did not write the registration');
    const first = submit();
    await held.reached;
    const second = await submit();
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json().message).toBe('登记正在审核中，请耐心等待');
    held.release();
    const written = await first;
    expect(written.statusCode, written.body).toBe(200);

    const mine = await app.inject({ method: 'POST', url: '/v1/userCard/userProfile', payload: { token: person, poiId: HOME } });
    expect(mine.json().data.userCard._id).toBe(written.json().data._id);
  });
});
