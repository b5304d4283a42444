import { eq } from 'drizzle-orm';
import { idCardCheckChar } from '@sq/contract/id-card';
import { staff, users } from '../../src/db/schema';
import type { TestApp } from './test-app';

let serial = 0;

/** A valid mainland ID number (right check character, real birth date), different on each call. */
export function idCard(): string {
  serial++;
  const first17 = `110105199${serial % 10}0${1 + (serial % 9)}1${serial % 10}${String(100 + (serial % 900)).slice(-3)}`;
  return first17 + idCardCheckChar(first17);
}

let mobiles = 0;
/** A mobile number no demo account uses. */
export const freshMobile = () => `1361111${String(1000 + mobiles++).padStart(4, '0')}`;

/** Logs a new person in and makes them staff (1 manager, 2 duty staff) of a community. */
export async function staffOf(t: TestApp, poiId: string, level: 1 | 2 = 2): Promise<string> {
  const mobile = freshMobile();
  const token = await t.login(mobile);
  const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.mobileHash, t.pii.hash(mobile)));
  await t.database.db.insert(staff).values({ poiId, userId: user!.id, username: `执勤${mobiles}`, level });
  return token;
}

/** An answer as tests read it: `data` is whatever the endpoint answers, checked by the test itself. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests assert on the shape they expect
type Answer = { code: number; message: string; data: any };

/** POST with the token in the body, as the spec's clients send it. */
export function poster(t: TestApp) {
  return async (url: string, token: string | null, payload: object = {}) => {
    const res = await t.app.inject({ method: 'POST', url, payload: token ? { ...payload, token } : payload });
    return { status: res.statusCode, body: res.json() as Answer };
  };
}
