import { addDays, beijingDate, startOfBeijingDay } from '@sq/contract/beijing-time';
import { spaces } from '../../src/db/schema';
import type { TestApp } from '../support/test-app';

export const HOUR = 3_600_000;

/** A space of `poiId` written directly: open 08:00–21:00 every day, one-hour slots, unless `over` says otherwise. */
export async function newSpace(t: TestApp, poiId: string, over: Partial<typeof spaces.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(spaces)
    .values({ poiId, name: '多功能活动室', hours: Array.from({ length: 7 }, () => [480, 1260] as [number, number]), slotMinutes: 60, ...over })
    .returning();
  return row!;
}

/** Unix seconds of `hour`:00 Beijing time, `days` after the test clock's today. */
export function at(t: TestApp, days: number, hour: number, minute = 0): number {
  const day = addDays(beijingDate(t.clock.now()), days);
  return Math.floor((startOfBeijingDay(day).getTime() + (hour * 60 + minute) * 60_000) / 1000);
}
