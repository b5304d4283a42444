import type { Db } from '../../db/client';
import type { PiiCipher } from '../../lib/crypto';
import type { RouteKit } from '../../lib/route-kit';
import type { AccessService } from '../access/service';
import type { AuditRepo } from '../audit/repo';
import type { AuthService } from '../auth/service';
import type { ContentChecks } from '../content/checks';
import type { PhotoCookie } from '../images/photo-cookie';
import { createImageReader } from '../images/read';
import { createImagesRepo } from '../images/repo';
import type { ImageStore } from '../images/store';
import { createImageUses } from '../images/uses';
import type { NotificationService } from '../notifications/service';
import { createApplyService } from './apply-service';
import { createMerchantAccess } from './merchant-access';
import { createMerchantsRepo } from './repo';
import { createReviewService } from './review-service';
import { merchantRoutes } from './routes';
import { createShopService } from './shop-service';

/** 周边商家 composed (repos → services → routes), so app.ts registers it with one line. */
export function registerMerchants(
  kit: RouteKit,
  deps: { db: Db; auth: AuthService; access: AccessService; audit: AuditRepo; notices: NotificationService; checks: ContentChecks; pii: PiiCipher; photoCookie: PhotoCookie; imageStore: ImageStore; now: () => Date },
) {
  const { db, access, now } = deps;
  const repo = createMerchantsRepo(db);
  const shops = createMerchantAccess(db);
  merchantRoutes(kit, {
    apply: createApplyService({ db, repo, access, shops, checks: deps.checks, images: createImageUses(), now }),
    review: createReviewService({ db, repo, access, audit: deps.audit, notices: deps.notices, pii: deps.pii, now }),
    shops: createShopService({ db, repo, access, shops, pii: deps.pii, now }),
    auth: deps.auth,
    images: createImageReader(createImagesRepo(db), deps.imageStore),
    photoCookie: deps.photoCookie,
  });
  return { shops };
}
