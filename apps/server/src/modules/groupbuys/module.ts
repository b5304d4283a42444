import type { Db } from '../../db/client';
import type { PiiCipher } from '../../lib/crypto';
import type { RouteKit } from '../../lib/route-kit';
import type { AccessService } from '../access/service';
import type { AuditRepo } from '../audit/repo';
import type { ContentChecks } from '../content/checks';
import type { PhotoCookie } from '../images/photo-cookie';
import { createImageUses } from '../images/uses';
import { createMerchantAccess } from '../merchants/merchant-access';
import type { NotificationService } from '../notifications/service';
import type { PaymentsPort } from '../payments/port';
import { DECIDE_EVERY_MS, runGroupBuyDecisions, scheduleGroupBuyDecisions } from './decide-job';
import { createGroupBuysRepo } from './group-buys-repo';
import { createGroupBuysService } from './group-buys-service';
import { createLeadersRepo } from './leaders-repo';
import { createLeadersService } from './leaders-service';
import { createPublishService } from './publish-service';
import { createRefundSender } from './refund-sender';
import { groupBuyRoutes } from './routes';

/**
 * 社区团购 composed (repos → services → routes) with its 成团 close job. `payments`: the payments
 * module's port (null until it is wired: system refunds then wait `refunding` for its job).
 * `decideEveryMs`: 0 turns the job off (tests run `decide` themselves). Answers `decide` (one pass)
 * and `stop` (for app close).
 */
export function registerGroupBuys(
  kit: RouteKit,
  deps: {
    db: Db;
    access: AccessService;
    audit: AuditRepo;
    notices: NotificationService;
    checks: ContentChecks;
    pii: PiiCipher;
    payments: PaymentsPort | null;
    photoCookie: PhotoCookie;
    now: () => Date;
    decideEveryMs?: number;
    onError: (err: unknown, what: string) => void;
  },
) {
  const { db, access, audit, notices, checks, pii, now } = deps;
  const leaders = createLeadersRepo(db);
  const repo = createGroupBuysRepo(db);
  const shops = createMerchantAccess(db);
  const sender = createRefundSender({ payments: deps.payments, notices, onError: deps.onError });
  groupBuyRoutes(kit, {
    leaders: createLeadersService({ repo: leaders, access, audit, notices, checks, pii, now }),
    publish: createPublishService({ db, repo, access, shops, checks, images: createImageUses(), now }),
    buys: createGroupBuysService({ db, repo, leaders, access, shops, audit, refunds: sender, now }),
    photoCookie: deps.photoCookie,
  });
  const decide = () => runGroupBuyDecisions({ db, sender, now });
  const stop = scheduleGroupBuyDecisions(decide, deps.decideEveryMs ?? DECIDE_EVERY_MS, (err) => deps.onError(err, 'group buy decisions'));
  return { decide, stop };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** 社区团购's 成团 decisions: one pass now (tests and the browser tests run it by hand; the job runs it in production). */
    groupBuys: { decide: () => Promise<unknown> };
  }
}
