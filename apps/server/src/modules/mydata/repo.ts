import { and, desc, eq, gte, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog, boardComments, boardPosts, communities, entryLogs, invitations, notificationSettings, notifications, registrations, sessions, staff, unitOwners, units, userCommunities, users, vehiclePlates, wechatIdentities } from '../../db/schema';
import { hideBoardContentOf } from '../board/erasure-repo';
import { deleteSignupsOf, type ErasurePromotions } from '../events/signups-erasure-repo';
import { mySignupsCopy } from '../events/signups-copy-repo';

/** Exports of a community's lists: they held everyone registered there at the time. */
const LIST_EXPORTS = ['registration.export', 'entryLog.export'];
/** Whole views of one registration: the subject is its id. */
const WHOLE_VIEWS = ['registration.view', 'registration.scan'];

/** What the project holds about one person, read for 我的信息 and its download. */
export function createMyDataRepo(db: Db) {
  return {
    async account(userId: string) {
      const [user] = await db.select({ mobileEnc: users.mobileEnc, mobileHash: users.mobileHash, createdAt: users.createdAt }).from(users).where(eq(users.id, userId));
      const [wechat] = await db.select({ id: wechatIdentities.id }).from(wechatIdentities).where(eq(wechatIdentities.userId, userId));
      const joined = await db
        .select({ poiId: userCommunities.poiId, community: communities.name })
        .from(userCommunities)
        .innerJoin(communities, eq(communities.poiId, userCommunities.poiId))
        .where(eq(userCommunities.userId, userId));
      return user ? { ...user, wechat: Boolean(wechat), communities: joined } : null;
    },

    /** The person's registrations in every community, with what their views need. */
    registrations(userId: string) {
      return db
        .select({ registration: registrations, openId: users.openId, community: communities.name })
        .from(registrations)
        .innerJoin(communities, eq(communities.poiId, registrations.poiId))
        .leftJoin(users, eq(users.id, registrations.userId))
        .where(eq(registrations.userId, userId))
        .orderBy(desc(registrations.createdAt));
    },

    /** Entry/exit lines of these registrations, newest first (`limit` for the page, none for the copy). */
    entries(registrationIds: string[], limit?: number) {
      if (registrationIds.length === 0) return Promise.resolve([]);
      const q = db
        .select({ registrationId: entryLogs.registrationId, at: entryLogs.createdAt, community: communities.name, direction: entryLogs.direction })
        .from(entryLogs)
        .innerJoin(communities, eq(communities.poiId, entryLogs.poiId))
        .where(inArray(entryLogs.registrationId, registrationIds))
        .orderBy(desc(entryLogs.createdAt));
      return limit ? q.limit(limit) : q;
    },

    async entryCounts(registrationIds: string[]) {
      if (registrationIds.length === 0) return new Map<string, number>();
      const rows = await db
        .select({ id: entryLogs.registrationId, n: sql<number>`count(*)::int` })
        .from(entryLogs)
        .where(inArray(entryLogs.registrationId, registrationIds))
        .groupBy(entryLogs.registrationId);
      return new Map(rows.map((r) => [r.id!, r.n]));
    },

    /** The plates of these registrations, encrypted. */
    async plates(registrationIds: string[]) {
      if (registrationIds.length === 0) return new Map<string, string[]>();
      const rows = await db
        .select({ id: vehiclePlates.registrationId, plateEnc: vehiclePlates.plateEnc })
        .from(vehiclePlates)
        .where(inArray(vehiclePlates.registrationId, registrationIds));
      const byRegistration = new Map<string, string[]>();
      for (const r of rows) byRegistration.set(r.id, [...(byRegistration.get(r.id) ?? []), r.plateEnc]);
      return byRegistration;
    },

    /** The visitors this person invited, newest first, with the community's name. */
    invitations(userId: string) {
      return db
        .select({ community: communities.name, invitation: invitations })
        .from(invitations)
        .innerJoin(communities, eq(communities.poiId, invitations.poiId))
        .where(eq(invitations.inviterId, userId))
        .orderBy(desc(invitations.createdAt));
    },

    /** What the person wrote on the board (邻里圈), newest first, with the community's name; kept hidden content too. */
    async boardWritings(userId: string) {
      const [posts, comments] = await Promise.all([
        db
          .select({ community: communities.name, kind: boardPosts.kind, text: boardPosts.text, images: boardPosts.images, status: boardPosts.status, at: boardPosts.createdAt })
          .from(boardPosts)
          .innerJoin(communities, eq(communities.poiId, boardPosts.poiId))
          .where(eq(boardPosts.authorId, userId))
          .orderBy(desc(boardPosts.createdAt)),
        db
          .select({ community: communities.name, text: boardComments.text, status: boardComments.status, at: boardComments.createdAt })
          .from(boardComments)
          .innerJoin(communities, eq(communities.poiId, boardComments.poiId))
          .where(eq(boardComments.authorId, userId))
          .orderBy(desc(boardComments.createdAt)),
      ]);
      return { posts, comments };
    },

    /** The person's event sign-ups (社区活动), newest first. */
    eventSignups: (userId: string) => mySignupsCopy(db, userId),

    /** Homes whose owner register (房屋登记) lists this mobile. */
    homes(mobileHash: string) {
      return db
        .select({ community: communities.name, building: units.building, unit: units.unitNo, room: units.room, areaCenti: units.areaCenti })
        .from(unitOwners)
        .innerJoin(units, eq(units.id, unitOwners.unitId))
        .innerJoin(communities, eq(communities.poiId, units.poiId))
        .where(eq(unitOwners.mobileHash, mobileHash));
    },

    /**
     * 操作日志 entries about the person: whole views and scans of their registrations, and exports
     * of the lists of a community made while they were registered there.
     */
    accesses(regs: { id: string; poiId: string; createdAt: Date }[]) {
      if (regs.length === 0) return Promise.resolve([]);
      return db
        .select({
          at: auditLog.createdAt,
          action: auditLog.action,
          detail: auditLog.detail,
          community: communities.name,
          by: sql<string | null>`coalesce(${staff.username}, ${users.username})`,
        })
        .from(auditLog)
        .leftJoin(communities, eq(communities.poiId, auditLog.poiId))
        .leftJoin(users, eq(users.id, auditLog.actorId))
        .leftJoin(staff, and(eq(staff.userId, auditLog.actorId), eq(staff.poiId, auditLog.poiId)))
        .where(
          or(
            and(inArray(auditLog.action, WHOLE_VIEWS), inArray(auditLog.subjectId, regs.map((r) => r.id))),
            ...regs.map((r) => and(inArray(auditLog.action, LIST_EXPORTS), eq(auditLog.poiId, r.poiId), gte(auditLog.createdAt, r.createdAt))),
          ),
        )
        .orderBy(desc(auditLog.createdAt))
        .limit(1000);
    },

    /** Deletes the account's WeChat binding; false when there was none. */
    async unbindWechat(userId: string) {
      const rows = await db.delete(wechatIdentities).where(eq(wechatIdentities.userId, userId)).returning({ id: wechatIdentities.id });
      return rows.length > 0;
    },

    /**
     * The account erased (PIPL art. 47): its registrations, communities, WeChat binding,
     * sessions and notices deleted; the row stays, without the mobile, where others' records point at it.
     */
    async eraseAccount(userId: string, erasedMobile: { enc: string; hash: string }, openId: string, now: Date): Promise<ErasurePromotions> {
      return db.transaction(async (tx) => {
        await tx.delete(registrations).where(eq(registrations.userId, userId));
        await tx.delete(userCommunities).where(eq(userCommunities.userId, userId));
        await tx.delete(wechatIdentities).where(eq(wechatIdentities.userId, userId));
        await tx.delete(sessions).where(eq(sessions.userId, userId));
        await tx.delete(notifications).where(eq(notifications.userId, userId));
        await tx.delete(notificationSettings).where(eq(notificationSettings.userId, userId));
        await hideBoardContentOf(tx, userId);
        const promoted = await deleteSignupsOf(tx, userId, now);
        await tx
          .update(users)
          .set({ mobileEnc: erasedMobile.enc, mobileHash: erasedMobile.hash, openId, username: '已注销用户', avatar: null })
          .where(eq(users.id, userId));
        return promoted;
      });
    },
  };
}
export type MyDataRepo = ReturnType<typeof createMyDataRepo>;
