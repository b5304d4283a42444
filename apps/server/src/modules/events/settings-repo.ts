import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { eventSettings } from '../../db/schema';

/** A community's choices for its events; no row: the defaults (residents do not propose). */
export function createSettingsRepo(db: Db) {
  return {
    async of(poiId: string) {
      const [row] = await db.select({ residentsPropose: eventSettings.residentsPropose }).from(eventSettings).where(eq(eventSettings.poiId, poiId)).limit(1);
      return { residentsPropose: row?.residentsPropose ?? false };
    },

    async save(poiId: string, s: { residentsPropose: boolean }, by: string, now: Date) {
      await db
        .insert(eventSettings)
        .values({ poiId, residentsPropose: s.residentsPropose, updatedBy: by, updatedAt: now })
        .onConflictDoUpdate({ target: eventSettings.poiId, set: { residentsPropose: s.residentsPropose, updatedBy: by, updatedAt: now } });
    },
  };
}
export type SettingsRepo = ReturnType<typeof createSettingsRepo>;
