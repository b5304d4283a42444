import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { gateSettings } from '../../db/schema';
import type { GateSettings } from '@sq/contract/pass/gate-settings';

export function createGateSettingsRepo(db: Db) {
  return {
    async settingsOf(poiId: string): Promise<GateSettings | null> {
      const [row] = await db.select({ reentryMinutes: gateSettings.reentryMinutes }).from(gateSettings).where(eq(gateSettings.poiId, poiId));
      return row ?? null;
    },

    async save(poiId: string, settings: GateSettings, userId: string) {
      await db
        .insert(gateSettings)
        .values({ poiId, ...settings, updatedBy: userId })
        .onConflictDoUpdate({ target: gateSettings.poiId, set: { ...settings, updatedBy: userId, updatedAt: sql`now()` } });
    },
  };
}
export type GateSettingsRepo = ReturnType<typeof createGateSettingsRepo>;
