import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { spaces } from '../../db/schema';

export type SpaceRow = typeof spaces.$inferSelect;
export type SpaceFields = Pick<SpaceRow, 'name' | 'description' | 'rules' | 'hours' | 'slotMinutes' | 'needsApproval' | 'weeklyMinutes' | 'daysAhead' | 'active'>;

/** A community's bookable spaces. */
export function createSpacesRepo(db: Db) {
  return {
    async find(id: string): Promise<SpaceRow | null> {
      const [row] = await db.select().from(spaces).where(eq(spaces.id, id));
      return row ?? null;
    },

    /** `all`: stopped ones too (staff). */
    list: (poiId: string, all: boolean) =>
      db
        .select()
        .from(spaces)
        .where(and(eq(spaces.poiId, poiId), all ? undefined : eq(spaces.active, true)))
        .orderBy(asc(spaces.createdAt), asc(spaces.id)),

    async count(poiId: string): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(spaces).where(eq(spaces.poiId, poiId));
      return row!.n;
    },

    async create(poiId: string, f: SpaceFields, at: Date): Promise<SpaceRow> {
      const [row] = await db.insert(spaces).values({ ...f, poiId, createdAt: at, updatedAt: at }).returning();
      return row!;
    },

    async update(id: string, poiId: string, f: SpaceFields, at: Date): Promise<SpaceRow | null> {
      const [row] = await db.update(spaces).set({ ...f, updatedAt: at }).where(and(eq(spaces.id, id), eq(spaces.poiId, poiId))).returning();
      return row ?? null;
    },
  };
}
export type SpacesRepo = ReturnType<typeof createSpacesRepo>;
