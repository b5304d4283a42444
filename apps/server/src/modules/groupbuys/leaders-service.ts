import { beijingDate } from '@sq/contract/beijing-time';
import { LeaderMsg, type LeaderStatus } from '@sq/contract/groupbuys/group-buy-rules';
import type { ZLeaderForm } from '@sq/contract/groupbuys/leaders';
import { maskMobile } from '@sq/contract/rules';
import type { z } from 'zod';
import type { PiiCipher } from '../../lib/crypto';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import type { AccessService } from '../access/service';
import type { AuditRepo } from '../audit/repo';
import type { Caller } from '../auth/caller';
import type { ContentChecks } from '../content/checks';
import type { NotificationService } from '../notifications/service';
import type { LeaderRow, LeadersRepo } from './leaders-repo';

const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);

/**
 * 团长 (issue 36 item 1; docs/decisions/groupbuys.md "Leaders"): residents apply in their
 * community; its administrator or manager, or the platform operator, reviews. One application per
 * person and community, kept by the table's unique index (so also under parallel submits).
 */
export function createLeadersService(deps: { repo: LeadersRepo; access: AccessService; audit: AuditRepo; notices: NotificationService; checks: ContentChecks; pii: PiiCipher; now: () => Date }) {
  const { repo, access, audit, notices, checks, pii, now } = deps;

  async function viewOf(rows: LeaderRow[]) {
    const names = await repo.communityNames(rows.map((r) => r.poiId));
    return rows.map((r) => ({
      id: r.id,
      poiId: r.poiId,
      community: names.get(r.poiId) ?? r.poiId,
      displayName: r.displayName,
      pickupPoint: r.pickupPoint,
      intro: r.intro,
      status: r.status as LeaderStatus,
      reason: r.reason,
      appliedAt: seconds(r.createdAt)!,
      reviewedAt: seconds(r.reviewedAt),
    }));
  }

  /** The texts as they may be stored: a community keyword refuses, personal numbers are masked. */
  async function textsOf(poiId: string, form: { displayName: string; pickupPoint: string; intro: string }) {
    const [name, point, intro] = await Promise.all([form.displayName, form.pickupPoint, form.intro].map((t) => checks.check(poiId, t, { showPhone: false })));
    const words = [...new Set([name!, point!, intro!].flatMap((v) => v.keywords))];
    if (words.length) throw badRequest(LeaderMsg.bannedWords(words));
    return { displayName: name!.text, pickupPoint: point!.text, intro: intro!.text };
  }

  /** The community's reviewers: its administrator or manager, or the operator; 403 otherwise. */
  async function requireReviewer(caller: Caller, poiId: string, message: string) {
    await access.requireCommunity(poiId);
    if (await access.isOperator(caller)) return;
    if (!(await repo.reviews(caller.userId, poiId))) throw forbidden(message);
  }

  return {
    async apply(caller: Caller, form: z.output<typeof ZLeaderForm>) {
      await access.requireResident(caller, form.poiId, beijingDate(now()));
      const texts = await textsOf(form.poiId, form);
      const inserted = await repo.insertPending({ userId: caller.userId, poiId: form.poiId, ...texts });
      if (inserted) return { leader: (await viewOf([inserted]))[0]! };
      const [mine] = await repo.ofUser(caller.userId, form.poiId);
      const again = mine?.status === 'returned' ? await repo.resubmit(mine.id, texts, now()) : null;
      if (!again) throw badRequest(LeaderMsg.alreadyApplied);
      return { leader: (await viewOf([again]))[0]! };
    },

    async mine(caller: Caller) {
      return { leaders: await viewOf(await repo.ofUser(caller.userId)) };
    },

    async applications(caller: Caller, poiId: string) {
      await requireReviewer(caller, poiId, LeaderMsg.notManager);
      const rows = await repo.ofCommunity(poiId);
      const people = await repo.userNames(rows.map((r) => r.userId));
      const views = await viewOf(rows);
      return {
        applications: views.map((v, i) => {
          const p = people.get(rows[i]!.userId);
          return { ...v, applicant: { name: p?.name ?? '', mobile: p ? maskMobile(pii.decrypt(p.mobileEnc)) : '' } };
        }),
      };
    },

    async review(caller: Caller, id: string, body: { decision: 'approve' | 'return'; reason: string }) {
      const row = await repo.find(id);
      if (!row) throw notFound(LeaderMsg.notFound);
      await requireReviewer(caller, row.poiId, LeaderMsg.notReviewer);
      if (body.decision === 'return' && !body.reason) throw badRequest(LeaderMsg.reason);
      const at = now();
      const reason = body.decision === 'return' ? body.reason : null;
      const done = await repo.decide(id, { status: body.decision === 'approve' ? 'approved' : 'returned', reason, reviewedBy: caller.userId, at });
      if (!done) throw badRequest(LeaderMsg.notPending);
      await audit.record({ actorId: caller.userId, action: `groupLeader.${body.decision}`, poiId: row.poiId, subjectId: row.id, detail: reason ? { reason } : {} });
      await notices.leaderReviewed({ userId: row.userId, poiId: row.poiId, reason, event: `${row.id}:${body.decision}:${at.getTime()}` });
      return { leader: (await viewOf([done]))[0]! };
    },

    /** Suspends an approved 团长 (a reason is required and told) or reinstates a suspended one; audited. */
    async suspend(caller: Caller, id: string, body: { suspend: boolean; reason: string }) {
      const row = await repo.find(id);
      if (!row) throw notFound(LeaderMsg.notFound);
      await requireReviewer(caller, row.poiId, LeaderMsg.notReviewer);
      if (body.suspend && !body.reason) throw badRequest(LeaderMsg.suspendReason);
      const at = now();
      const reason = body.suspend ? body.reason : null;
      const done = await repo.setSuspended(id, { suspend: body.suspend, reason, by: caller.userId, at });
      if (!done) throw badRequest(body.suspend ? LeaderMsg.notApproved : LeaderMsg.notSuspended);
      const action = body.suspend ? 'suspend' : 'reinstate';
      await audit.record({ actorId: caller.userId, action: `groupLeader.${action}`, poiId: row.poiId, subjectId: row.id, detail: reason ? { reason } : {} });
      await notices.leaderSuspended({ userId: row.userId, poiId: row.poiId, reason, event: `${row.id}:${action}:${at.getTime()}` });
      return { leader: (await viewOf([done]))[0]! };
    },
  };
}
export type LeadersService = ReturnType<typeof createLeadersService>;
