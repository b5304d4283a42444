import { and, eq, inArray } from 'drizzle-orm';
import { MerchantMsg, type MerchantStatus } from '@sq/contract/merchants/merchant-rules';
import { MERCHANT_AUDIT_ACTIONS, MerchantReviewMsg, type MerchantReviewDecision } from '@sq/contract/merchants/review-rules';
import { maskMobile } from '@sq/contract/rules';
import { WebRoute } from '@sq/contract/routes';
import type { Db } from '../../db/client';
import { merchantCommunities, merchants } from '../../db/schema';
import type { PiiCipher } from '../../lib/crypto';
import { badRequest, forbidden } from '../../lib/errors';
import type { AccessService } from '../access/service';
import type { AuditRepo } from '../audit/repo';
import type { Caller } from '../auth/caller';
import type { NotificationService } from '../notifications/service';
import { merchantNotFound } from './merchant-access';
import { statusOf, type MerchantsRepo } from './repo';
import { fullOf } from './views';

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * 商家审核 (docs/decisions/merchants.md "Review"): the platform operator reviews every shop and
 * may suspend one; a community's administrator or manager reviews the shop's link to their own
 * community. Every decision is audited and told to the owner.
 */
export function createReviewService(deps: { db: Db; repo: MerchantsRepo; access: AccessService; audit: AuditRepo; notices: NotificationService; pii: PiiCipher; now: () => Date }) {
  const { db, repo, access, audit, notices, pii, now } = deps;

  /** null: the operator (every community); else the communities the caller reviews in (403 when none). */
  async function reviewerScope(caller: Caller): Promise<string[] | null> {
    if (await access.isOperator(caller)) return null;
    const poiIds = await repo.reviewedBy(caller.userId);
    if (poiIds.length === 0) throw forbidden(MerchantReviewMsg.notReviewer);
    return poiIds;
  }

  async function tellOwner(m: { id: string; name: string; ownerId: string }, poiId: string | null, decision: string, reason: string, at: Date) {
    const sentence =
      decision === 'approve' ? '已通过审核，社区居民现在可以看到您的店铺。' : decision === 'suspend' ? `已被停用，原因：${reason}` : decision === 'restore' ? '已恢复。' : `被退回，原因：${reason}`;
    await notices.merchantReviewed({ userId: m.ownerId, poiId, shop: m.name, reason: sentence, link: WebRoute.business, event: `${m.id}:${poiId ?? '-'}:${decision}:${at.getTime()}` });
  }

  return {
    async queue(caller: Caller, status: 'pending' | 'all') {
      const scope = await reviewerScope(caller);
      const shops = await repo.shopsFor(scope, status === 'pending' ? 'pending' : null);
      const links = (await repo.links(shops.map((s) => s.id))).filter((l) => !scope || scope.includes(l.poiId));
      const owners = await repo.userNames(shops.map((s) => s.ownerId));
      return {
        operator: scope === null,
        shops: shops.map((m) => {
          const o = owners.get(m.ownerId);
          return { ...fullOf(m, links), owner: { name: o?.name ?? '', mobile: o ? maskMobile(pii.decrypt(o.mobileEnc)) : '' } };
        }),
      };
    },

    async review(caller: Caller, id: string, body: { poiId?: string; decision: MerchantReviewDecision; reason: string }) {
      const m = await repo.find(id);
      if (!m) throw merchantNotFound();
      const operator = await access.isOperator(caller);
      if (!body.poiId && !operator) throw forbidden(MerchantReviewMsg.operatorOnly);
      if (body.poiId && !operator && !(await repo.reviewedBy(caller.userId)).includes(body.poiId)) throw forbidden(MerchantReviewMsg.notReviewer);
      if (body.decision === 'return' && !body.reason) throw badRequest(MerchantMsg.reason);
      if (m.status === 'suspended') throw badRequest(MerchantMsg.suspended);
      const at = now();
      const reason = body.decision === 'return' ? body.reason : null;
      const done = await db.transaction(async (tx) => {
        const rows = await tx
          .update(merchantCommunities)
          .set({ status: body.decision === 'approve' ? 'approved' : 'returned', reason, reviewedBy: caller.userId, reviewedAt: at })
          .where(and(eq(merchantCommunities.merchantId, m.id), eq(merchantCommunities.status, 'pending'), body.poiId ? eq(merchantCommunities.poiId, body.poiId) : undefined))
          .returning({ poiId: merchantCommunities.poiId });
        if (rows.length === 0) throw badRequest(MerchantMsg.notPending);
        await repo.settleStatus(tx, m.id, at);
        return rows.map((r) => r.poiId);
      });
      for (const poiId of done) {
        await audit.record({ actorId: caller.userId, action: `merchant.${body.decision}`, poiId, subjectId: m.id, detail: reason ? { reason } : {} });
        await tellOwner(m, poiId, body.decision, reason ?? '', at);
      }
      return { reviewed: done.length };
    },

    async suspend(caller: Caller, id: string, body: { suspend: boolean; reason: string }) {
      if (!(await access.isOperator(caller))) throw forbidden(MerchantReviewMsg.operatorOnly);
      const m = await repo.find(id);
      if (!m) throw merchantNotFound();
      if (body.suspend && !body.reason) throw badRequest(MerchantMsg.reason);
      const at = now();
      let status: MerchantStatus;
      if (body.suspend) status = 'suspended';
      else status = statusOf(await db.select({ status: merchantCommunities.status }).from(merchantCommunities).where(eq(merchantCommunities.merchantId, m.id)));
      await db
        .update(merchants)
        .set({ status, statusNote: body.suspend ? body.reason : null, updatedAt: at })
        .where(eq(merchants.id, m.id));
      const decision = body.suspend ? 'suspend' : 'restore';
      await audit.record({ actorId: caller.userId, action: `merchant.${decision}`, poiId: null, subjectId: m.id, detail: body.reason ? { reason: body.reason } : {} });
      await tellOwner(m, null, decision, body.reason, at);
      return { status };
    },

    /** The trail of reviews the caller may read: the operator all; staff their communities' and their shops' suspensions. */
    async log(caller: Caller) {
      const scope = await reviewerScope(caller);
      const shopIds = scope
        ? (await db.selectDistinct({ id: merchantCommunities.merchantId }).from(merchantCommunities).where(inArray(merchantCommunities.poiId, scope))).map((r) => r.id)
        : null;
      const rows = await repo.reviewLog(scope, shopIds);
      const shops = await repo.merchantNames([...new Set(rows.map((r) => r.subjectId ?? ''))].filter(Boolean));
      const names = await repo.communityNames([...new Set(rows.map((r) => r.poiId ?? ''))].filter(Boolean));
      return {
        entries: rows.map((r) => ({
          at: seconds(r.at),
          actor: r.actor ?? '',
          shop: shops.get(r.subjectId ?? '') ?? '',
          community: r.poiId ? (names.get(r.poiId) ?? r.poiId) : null,
          action: MERCHANT_AUDIT_ACTIONS[r.action] ?? r.action,
          reason: typeof r.detail?.reason === 'string' ? r.detail.reason : null,
        })),
      };
    },
  };
}
export type ReviewService = ReturnType<typeof createReviewService>;
