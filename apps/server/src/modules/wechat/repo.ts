import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users, wechatIdentities, wechatLogins } from '../../db/schema';

export function createWechatRepo(db: Db) {
  return {
    async startLogin(row: { stateHash: string; browserHash: string; referer: string; scope: string; createdAt: Date }, forgetBefore: Date) {
      await db.delete(wechatLogins).where(lt(wechatLogins.createdAt, forgetBefore));
      await db.insert(wechatLogins).values(row);
    },

    /** Marks the state used (once) and answers its row; null when unknown, used or from another browser. */
    async consumeState(stateHash: string, browserHash: string, at: Date, notBefore: Date) {
      const [row] = await db
        .update(wechatLogins)
        .set({ calledBackAt: at })
        .where(and(eq(wechatLogins.stateHash, stateHash), eq(wechatLogins.browserHash, browserHash), isNull(wechatLogins.calledBackAt)))
        .returning();
      return row && row.createdAt >= notBefore ? row : null;
    },

    async setTicket(id: string, ticket: { ticketHash: string; openidEnc: string; openidHash: string }) {
      await db.update(wechatLogins).set(ticket).where(eq(wechatLogins.id, id));
    },

    /** Whether a ticket could still be used (looked at before an SMS code is spent on it). */
    async ticketUsable(ticketHash: string, browserHash: string, notBefore: Date) {
      const [row] = await db
        .select({ calledBackAt: wechatLogins.calledBackAt })
        .from(wechatLogins)
        .where(and(eq(wechatLogins.ticketHash, ticketHash), eq(wechatLogins.browserHash, browserHash), isNull(wechatLogins.ticketUsedAt)))
        .limit(1);
      return Boolean(row?.calledBackAt && row.calledBackAt >= notBefore);
    },

    /** Uses a ticket once; answers the openid to bind, or null. */
    async consumeTicket(ticketHash: string, browserHash: string, at: Date, notBefore: Date) {
      const [row] = await db
        .update(wechatLogins)
        .set({ ticketUsedAt: at })
        .where(and(eq(wechatLogins.ticketHash, ticketHash), eq(wechatLogins.browserHash, browserHash), isNull(wechatLogins.ticketUsedAt)))
        .returning({ openidEnc: wechatLogins.openidEnc, openidHash: wechatLogins.openidHash, calledBackAt: wechatLogins.calledBackAt });
      return row?.openidEnc && row.openidHash && row.calledBackAt && row.calledBackAt >= notBefore ? { openidEnc: row.openidEnc, openidHash: row.openidHash } : null;
    },

    async userOf(openidHash: string) {
      const [row] = await db
        .select({ id: users.id, openId: users.openId, username: users.username, mobileEnc: users.mobileEnc })
        .from(wechatIdentities)
        .innerJoin(users, eq(users.id, wechatIdentities.userId))
        .where(eq(wechatIdentities.openidHash, openidHash))
        .limit(1);
      return row ?? null;
    },

    /** Binds the WeChat to the account; an earlier binding of either side gives way. */
    async bind(userId: string, openid: { openidEnc: string; openidHash: string }) {
      await db.transaction(async (tx) => {
        await tx.delete(wechatIdentities).where(eq(wechatIdentities.openidHash, openid.openidHash));
        await tx.delete(wechatIdentities).where(eq(wechatIdentities.userId, userId));
        await tx.insert(wechatIdentities).values({ userId, ...openid });
      });
    },

    async rename(userId: string, username: string) {
      await db.update(users).set({ username }).where(eq(users.id, userId));
    },
  };
}
export type WechatRepo = ReturnType<typeof createWechatRepo>;
