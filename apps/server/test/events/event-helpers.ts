import type { TestApp } from '../support/test-app';
import { boardApi, DAY, HOUR, loginAs } from '../board/board-helpers';

export { boardApi as eventApi, countOf, DAY, HOME, HOUR, loginAs, newJoiner, newResident, OTHER } from '../board/board-helpers';

/** The demo accounts: administrator, manager and duty staff of DEMO000001. */
export const ADMIN = '13800000001';
export const MANAGER = '13800000002';
export const DUTY = '13800000003';

const seconds = (ms: number) => Math.floor(ms / 1000);

/** A valid event form starting `inMs` from the test clock's now, lasting two hours. */
export function eventBody(t: TestApp, over: Record<string, unknown> = {}, inMs = 3 * DAY) {
  const start = seconds(t.clock.now().getTime() + inMs);
  return { poiId: 'DEMO000001', kind: 'culture', title: '书法兴趣班', description: '社区书法老师带大家写春联，笔墨纸砚现场提供。', place: '社区活动室', startsAt: start, endsAt: start + seconds(2 * HOUR), capacity: 20, ...over };
}

/** Publishes as the manager through the API; throws unless it worked. */
export async function publish(t: TestApp, over: Record<string, unknown> = {}, inMs = 3 * DAY, token?: string): Promise<string> {
  const manager = token ?? (await loginAs(t, MANAGER));
  const res = await boardApi(t).post('/v1/events', manager, eventBody(t, over, inMs));
  if (res.status !== 200) throw new Error(`publish failed: ${res.status} ${res.message}`);
  return res.data.id as string;
}
