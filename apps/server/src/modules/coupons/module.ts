import type { Db } from '../../db/client';
import type { PiiCipher } from '../../lib/crypto';
import type { RouteKit } from '../../lib/route-kit';
import type { Slots } from '../../lib/slots';
import type { AccessService } from '../access/service';
import type { AuditRepo } from '../audit/repo';
import type { ContentChecks } from '../content/checks';
import type { HolderKeysRepo } from '../holder-keys/repo';
import { createMerchantAccess } from '../merchants/merchant-access';
import { tellLevel } from '../levels/tell-level';
import type { NotificationService } from '../notifications/service';
import { createCounterRepo } from './counter-repo';
import { createCounterService } from './counter-service';
import { createCouponsRepo } from './coupons-repo';
import { createRedemptionsService } from './redemptions-service';
import { createResidentService } from './resident-service';
import { couponRoutes } from './routes';
import { createShopRepo } from './shop-repo';
import { createShopService } from './shop-service';

/** 优惠券 composed (repos → services → routes): residents' claims and coupons, the shops' batches, counter and dashboard. */
export function registerCoupons(
  kit: RouteKit,
  deps: { db: Db; access: AccessService; keys: HolderKeysRepo; audit: AuditRepo; notices: NotificationService; checks: ContentChecks; pii: PiiCipher; slots: Slots; now: () => Date },
) {
  const { db, access, keys, audit, notices, checks, pii, slots, now } = deps;
  const merchants = createMerchantAccess(db);
  const counterRepo = createCounterRepo(db);
  couponRoutes(kit, {
    resident: createResidentService({ repo: createCouponsRepo(db), access, now }),
    shop: createShopService({ repo: createShopRepo(db), merchants, checks, now }),
    counter: createCounterService({ repo: counterRepo, keys, merchants, pii, tellLevel: (p) => tellLevel(notices, p), now }),
    redemptions: createRedemptionsService({ repo: counterRepo, merchants, audit, pii, slots, now }),
  });
}
