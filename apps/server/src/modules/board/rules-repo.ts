import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { boardRules } from '../../db/schema';

/** A community's own board rules (no row: the default text). */
export function createRulesRepo(db: Db) {
  return {
    async of(poiId: string) {
      const [row] = await db.select({ text: boardRules.text, updatedAt: boardRules.updatedAt }).from(boardRules).where(eq(boardRules.poiId, poiId)).limit(1);
      return row ?? null;
    },

    async save(poiId: string, text: string, userId: string, now: Date) {
      await db
        .insert(boardRules)
        .values({ poiId, text, updatedBy: userId, updatedAt: now })
        .onConflictDoUpdate({ target: boardRules.poiId, set: { text, updatedBy: userId, updatedAt: now } });
    },

    async reset(poiId: string) {
      await db.delete(boardRules).where(eq(boardRules.poiId, poiId));
    },
  };
}
export type RulesRepo = ReturnType<typeof createRulesRepo>;
