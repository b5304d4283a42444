import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Msg } from '@sq/contract/messages';
import { RegistrationMsg } from '@sq/contract/pass/registration-rules';
import { registrations, sessions, users } from '../../src/db/schema';
import { newOpenId, newToken, sha256 } from '../../src/lib/crypto';
import { MSG_PENDING } from '../../src/modules/pass/registration-service';
import { freshMobile, idCard, poster } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

const HOME = 'DEMO000001';
const DAY = 86_400_000;
let t: TestApp;
let post: ReturnType<typeof poster>;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  post = poster(t);
  // The community is known to this server (any earlier request about it), as on a running gate.
  const manager = await t.login('13800000002');
  expect((await post('/v1/userCard/list', manager, { poiId: HOME })).status).toBe(200);
});
afterAll(() => t.close());

/**
 * A person who logged in through another server of the same database (or longer ago than this
 * server remembers sessions): their session is only in the database, as login writes it.
 */
async function loggedInElsewhere(mobile: string, session: { expiresInMs?: number; revoked?: boolean } = {}) {
  const [user] = await t.database.db
    .insert(users)
    .values({ openId: newOpenId(), mobileHash: t.pii.hash(mobile), mobileEnc: t.pii.encrypt(mobile), username: '外来者' })
    .returning({ id: users.id });
  const token = newToken();
  const at = t.clock.now();
  await t.database.db.insert(sessions).values({
    tokenHash: sha256(token),
    userId: user!.id,
    createdAt: at,
    expiresAt: new Date(at.getTime() + (session.expiresInMs ?? 30 * DAY)),
    revokedAt: session.revoked ? at : null,
  });
  return { token, userId: user!.id };
}

const form = (mobile: string) => ({ poiId: HOME, name: '初来者', mobile, card: idCard(), owner: '业主', address: '3号楼1单元101', isReturn: 0 });
const rowsOf = async (userId: string) => (await t.database.db.select({ n: count() }).from(registrations).where(eq(registrations.userId, userId)))[0]!.n;
const allRows = async () => (await t.database.db.select({ n: count() }).from(registrations))[0]!.n;

describe('a first registration from a session this server has not seen (read with the write)', () => {
  it('is written for that person, shown as theirs, and a second submit waits for review', async () => {
    const mobile = freshMobile();
    const { token, userId } = await loggedInElsewhere(mobile);
    const first = await post('/v1/userCard', token, form(mobile));
    expect(first.body).toMatchObject({ code: 200, data: { status: 0 } });
    const [row] = await t.database.db.select().from(registrations).where(eq(registrations.id, first.body.data._id));
    expect(row).toMatchObject({ userId, createdBy: userId, poiId: HOME, name: '初来者', status: 0 });
    const profile = await post('/v1/userCard/userProfile', token, { poiId: HOME });
    expect(profile.body.data.userCard).toMatchObject({ _id: first.body.data._id, name: '初来者', status: 0 });

    const again = await post('/v1/userCard', token, form(mobile));
    expect([again.status, again.body.message]).toEqual([409, MSG_PENDING]);
    expect(await rowsOf(userId)).toBe(1);
  });

  it('writes nothing for a revoked or ended session, and says to log in again', async () => {
    for (const session of [{ revoked: true }, { expiresInMs: -1000 }]) {
      const mobile = freshMobile();
      const { token, userId } = await loggedInElsewhere(mobile, session);
      const before = await allRows();
      const res = await post('/v1/userCard', token, form(mobile));
      expect([res.status, res.body.message], JSON.stringify(session)).toEqual([424, Msg.sessionInvalid]);
      expect(await rowsOf(userId)).toBe(0);
      expect(await allRows()).toBe(before);
    }
    const unknown = await post('/v1/userCard', newToken(), form(freshMobile()));
    expect([unknown.status, unknown.body.message]).toEqual([424, Msg.sessionInvalid]);
    const none = await post('/v1/userCard', null, form(freshMobile()));
    expect([none.status, none.body.message]).toEqual([423, Msg.notLoggedIn]);
  });

  it('extends a session near its end, as any request does', async () => {
    const mobile = freshMobile();
    const { token } = await loggedInElsewhere(mobile, { expiresInMs: DAY });
    expect((await post('/v1/userCard', token, form(mobile))).body).toMatchObject({ code: 200, data: { status: 0 } });
    const [session] = await t.database.db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.tokenHash, sha256(token)));
    expect(session!.expiresAt.getTime()).toBeGreaterThan(t.clock.now().getTime() + 7 * DAY);
  });

  it('checks the session before the form: an ended session with a bad form is told to log in, a live one about its form', async () => {
    const ended = await loggedInElsewhere(freshMobile(), { expiresInMs: -1000 });
    const bad = { poiId: HOME, name: '初来者' };
    expect((await post('/v1/userCard', ended.token, bad)).status).toBe(424);
    const live = await loggedInElsewhere(freshMobile());
    const res = await post('/v1/userCard', live.token, bad);
    expect([res.status, res.body.message]).toEqual([400, RegistrationMsg.mobile]);
    // A form the schema itself refuses (a field of the wrong kind) keeps that order too.
    const malformed = { poiId: HOME, name: ['初来者'] };
    expect((await post('/v1/userCard', ended.token, malformed)).status).toBe(424);
    expect((await post('/v1/userCard', live.token, malformed)).status).toBe(400);
  });

  it('refuses an unknown community whoever asks, after the session', async () => {
    const ended = await loggedInElsewhere(freshMobile(), { expiresInMs: -1000 });
    expect((await post('/v1/userCard', ended.token, { ...form(freshMobile()), poiId: 'NOSUCH0001' })).status).toBe(424);
    const mobile = freshMobile();
    const live = await loggedInElsewhere(mobile);
    expect((await post('/v1/userCard', live.token, { ...form(mobile), poiId: 'NOSUCH0001' })).status).toBe(404);
    expect(await rowsOf(live.userId)).toBe(0);
  });
});
