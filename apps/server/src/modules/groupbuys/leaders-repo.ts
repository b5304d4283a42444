import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { communities, communityAdmins, groupLeaders, staff, users } from '../../db/schema';

export type LeaderRow = typeof groupLeaders.$inferSelect;

/** 团长 rows: applications, their review, and who reviews them. */
export function createLeadersRepo(db: Db) {
  return {
    /** Inserts a pending application unless one exists for the person and community (null then). */
    async insertPending(row: { userId: string; poiId: string; displayName: string; pickupPoint: string; intro: string }): Promise<LeaderRow | null> {
      const [r] = await db.insert(groupLeaders).values({ ...row, status: 'pending' }).onConflictDoNothing().returning();
      return r ?? null;
    },

    /** A returned application corrected and sent again (only while it is returned: parallel resubmits change it once). */
    async resubmit(id: string, form: { displayName: string; pickupPoint: string; intro: string }, at: Date): Promise<LeaderRow | null> {
      const [r] = await db
        .update(groupLeaders)
        .set({ ...form, status: 'pending', reason: null, reviewedBy: null, reviewedAt: null, createdAt: at })
        .where(and(eq(groupLeaders.id, id), eq(groupLeaders.status, 'returned')))
        .returning();
      return r ?? null;
    },

    async find(id: string): Promise<LeaderRow | null> {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
      const [r] = await db.select().from(groupLeaders).where(eq(groupLeaders.id, id)).limit(1);
      return r ?? null;
    },

    async ofUser(userId: string, poiId?: string): Promise<LeaderRow[]> {
      return db
        .select()
        .from(groupLeaders)
        .where(and(eq(groupLeaders.userId, userId), poiId ? eq(groupLeaders.poiId, poiId) : undefined))
        .orderBy(desc(groupLeaders.createdAt));
    },

    /** A community's applications, waiting first, then newest. */
    async ofCommunity(poiId: string): Promise<LeaderRow[]> {
      return db
        .select()
        .from(groupLeaders)
        .where(eq(groupLeaders.poiId, poiId))
        .orderBy(sql`${groupLeaders.status} = 'pending' desc`, desc(groupLeaders.createdAt))
        .limit(200);
    },

    async decide(id: string, d: { status: 'approved' | 'returned'; reason: string | null; reviewedBy: string; at: Date }): Promise<LeaderRow | null> {
      const [r] = await db
        .update(groupLeaders)
        .set({ status: d.status, reason: d.reason, reviewedBy: d.reviewedBy, reviewedAt: d.at })
        .where(and(eq(groupLeaders.id, id), eq(groupLeaders.status, 'pending')))
        .returning();
      return r ?? null;
    },

    /** approved → suspended (with the reason) or back; null when it was not in the state to change (also under parallel requests). */
    async setSuspended(id: string, d: { suspend: boolean; reason: string | null; by: string; at: Date }): Promise<LeaderRow | null> {
      const [r] = await db
        .update(groupLeaders)
        .set({ status: d.suspend ? 'suspended' : 'approved', reason: d.reason, reviewedBy: d.by, reviewedAt: d.at })
        .where(and(eq(groupLeaders.id, id), eq(groupLeaders.status, d.suspend ? 'approved' : 'suspended')))
        .returning();
      return r ?? null;
    },

    /** Whether the person is the community's administrator or manager (staff level 1): its reviewers. */
    async reviews(userId: string, poiId: string): Promise<boolean> {
      const [admin] = await db.select({ poiId: communityAdmins.poiId }).from(communityAdmins).where(and(eq(communityAdmins.userId, userId), eq(communityAdmins.poiId, poiId))).limit(1);
      if (admin) return true;
      const [managed] = await db.select({ poiId: staff.poiId }).from(staff).where(and(eq(staff.userId, userId), eq(staff.poiId, poiId), eq(staff.level, 1))).limit(1);
      return Boolean(managed);
    },

    async communityNames(poiIds: readonly string[]) {
      if (poiIds.length === 0) return new Map<string, string>();
      const rows = await db.select({ poiId: communities.poiId, name: communities.name }).from(communities).where(inArray(communities.poiId, [...new Set(poiIds)]));
      return new Map(rows.map((r) => [r.poiId, r.name]));
    },

    async userNames(ids: readonly string[]) {
      if (ids.length === 0) return new Map<string, { name: string; mobileEnc: string }>();
      const rows = await db.select({ id: users.id, name: users.username, mobileEnc: users.mobileEnc }).from(users).where(inArray(users.id, [...new Set(ids)]));
      return new Map(rows.map((r) => [r.id, { name: r.name, mobileEnc: r.mobileEnc }]));
    },

    /** Approved leaders by id (a share link's, the group buys' own). */
    async approved(ids: readonly string[]) {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(groupLeaders)
        .where(and(inArray(groupLeaders.id, [...new Set(ids)]), eq(groupLeaders.status, 'approved')))
        .orderBy(asc(groupLeaders.createdAt));
    },
  };
}
export type LeadersRepo = ReturnType<typeof createLeadersRepo>;
