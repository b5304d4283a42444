import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../src/db/client';
import { unitOwners, units, users } from '../../src/db/schema';
import { freshMobile } from '../support/factories';
import type { TestApp } from '../support/test-app';

export const HOME = 'DEMO000001';
export const OTHER = 'DEMO000002';
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

let ip = 0;
/** Logs in from its own address, so a file's many logins never meet the per-address SMS limit. */
export const loginAs = (t: TestApp, mobile: string) => t.login(mobile, `10.33.${Math.floor(ip / 200)}.${(ip++ % 200) + 1}`);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests assert on the shape they expect
export type Answer = { status: number; code: number; message: string; data: any };

/** The board's API as a phone calls it: token in the header for GETs, in the body for POSTs. */
export function boardApi(t: TestApp) {
  const answer = (res: { statusCode: number; json: () => unknown }): Answer => {
    const body = res.json() as Omit<Answer, 'status'>;
    return { status: res.statusCode, ...body };
  };
  return {
    get: async (url: string, token: string) => answer(await t.app.inject({ method: 'GET', url, headers: { token } })),
    post: async (url: string, token: string, payload: object = {}) => answer(await t.app.inject({ method: 'POST', url, payload: { ...payload, token } })),
  };
}

let rooms = 0;
/** A new person who owns a home in `poiId`'s register: a member who may write there. */
export async function newResident(t: TestApp, poiId = HOME): Promise<{ token: string; mobile: string; userId: string; openId: string }> {
  const mobile = freshMobile();
  const [unit] = await t.database.db
    .insert(units)
    .values({ poiId, building: '99', room: String(1000 + rooms++), areaCenti: 8000 })
    .returning({ id: units.id });
  await t.database.db.insert(unitOwners).values({ unitId: unit!.id, mobileHash: t.pii.hash(mobile), mobileEnc: t.pii.encrypt(mobile), sort: 0 });
  const token = await loginAs(t, mobile);
  return { token, mobile, ...(await userOf(t, mobile)) };
}

/** A new person who only joined `poiId` as their community: may read, not write. */
export async function newJoiner(t: TestApp, poiId = HOME) {
  const mobile = freshMobile();
  const token = await loginAs(t, mobile);
  const res = await t.app.inject({ method: 'POST', url: '/v1/mobile/community/edit', payload: { token, poiId, join: 1 } });
  if (res.statusCode !== 200) throw new Error(`join failed: ${res.body}`);
  return { token, mobile, ...(await userOf(t, mobile)) };
}

export async function userOf(t: TestApp, mobile: string) {
  const [u] = await t.database.db.select({ userId: users.id, openId: users.openId }).from(users).where(eq(users.mobileHash, t.pii.hash(mobile)));
  return u!;
}

/** A member who accepted the rules, ready to post. */
export async function newPoster(t: TestApp, poiId = HOME) {
  const person = await newResident(t, poiId);
  const res = await boardApi(t).post('/v1/board/rules/accept', person.token, { poiId });
  if (res.status !== 200) throw new Error(`accept failed: ${res.message}`);
  return person;
}

/** Posts through the API; throws unless it worked. */
export async function newPost(t: TestApp, token: string, over: Record<string, unknown> = {}): Promise<string> {
  // The test clock stands still: a second between posts keeps "newest first" one order.
  t.clock.advance(1000);
  const res = await boardApi(t).post('/v1/board/posts', token, { poiId: HOME, kind: 'help', text: '谁家有梯子可以借用一下？', ...over });
  if (res.status !== 200) throw new Error(`post failed: ${res.status} ${res.message}`);
  return res.data.id as string;
}

/** One number from SQL (row counts that prove a refusal wrote nothing). */
export async function countOf(t: TestApp, query: string): Promise<number> {
  return Number(rowsOf<{ n: string }>(await t.database.db.execute(sql.raw(query)))[0]!.n);
}
