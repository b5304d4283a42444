import { and, count, eq } from 'drizzle-orm';
import { beijingDate } from '@sq/contract/beijing-time';
import { ImageMsg, type ImageSize } from '@sq/contract/images/image-rules';
import { isOpenAt } from '@sq/contract/merchants/hours';
import { MERCHANT_CLERKS_MAX, MerchantMsg } from '@sq/contract/merchants/merchant-rules';
import { MerchantReviewMsg } from '@sq/contract/merchants/review-rules';
import { maskMobile } from '@sq/contract/rules';
import { inTurn } from '../../db/in-turn';
import type { Db } from '../../db/client';
import { merchantStaff, users } from '../../db/schema';
import type { PiiCipher } from '../../lib/crypto';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import type { AccessService } from '../access/service';
import type { Caller } from '../auth/caller';
import { merchantNotFound, type MerchantAccess } from './merchant-access';
import type { MerchantRow, MerchantsRepo } from './repo';
import { fullOf, imageOf } from './views';

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** The shop centre's reads and clerks, the residents' lists and pages, and the shop's photos. */
export function createShopService(deps: { db: Db; repo: MerchantsRepo; access: AccessService; shops: MerchantAccess; pii: PiiCipher; now: () => Date }) {
  const { db, repo, access, shops, pii, now } = deps;

  const cardOf = (m: MerchantRow, distanceM: number, coupons: number, at: Date) => ({
    id: m.id,
    name: m.name,
    category: m.category,
    address: m.address,
    hours: m.hours,
    openNow: isOpenAt(m.hours, at),
    distanceM,
    cover: m.photos[0] ? imageOf(m.id, m.photos[0]) : null,
    coupons,
  });

  /** Whether the caller reviews this shop: the operator, or staff of a community it asked to serve. */
  async function reviews(caller: Caller, m: MerchantRow): Promise<boolean> {
    if (await access.isOperator(caller)) return true;
    const mine = await repo.reviewedBy(caller.userId);
    return (await repo.links([m.id])).some((l) => mine.includes(l.poiId));
  }

  /** Whether the caller may see the shop's public side: they read a community that approved it. */
  async function seesPublic(caller: Caller, m: MerchantRow): Promise<boolean> {
    if (m.status !== 'approved') return false;
    const approved = (await repo.links([m.id])).filter((l) => l.status === 'approved');
    const today = beijingDate(now());
    for (const l of approved) {
      if (await access.requireReader(caller, l.poiId, today).then(() => true, () => false)) return true;
    }
    return false;
  }

  return {
    async mine(caller: Caller) {
      return { shops: (await shops.shopsOf(caller.userId)).map((s) => ({ id: s.merchantId, name: s.name, status: s.status, role: s.role })) };
    },

    async manage(caller: Caller, id: string) {
      const scope = await shops.requireStaff(caller, id);
      const m = (await repo.find(scope.merchantId))!;
      const team = scope.role === 'owner' ? await repo.staffOf(m.id) : [];
      return {
        shop: fullOf(m, await repo.links([m.id])),
        role: scope.role,
        clerks: team.map((s) => ({ userId: s.userId, name: s.name, mobile: maskMobile(pii.decrypt(s.mobileEnc)), role: s.role as 'owner' | 'clerk', addedAt: seconds(s.createdAt) })),
      };
    },

    /** A clerk by mobile: the person must have logged in once (as duty staff are added). */
    async addClerk(caller: Caller, id: string, mobile: string) {
      const scope = await shops.requireOwner(caller, id);
      if (scope.status === 'suspended') throw forbidden(MerchantMsg.suspended);
      const [person] = await db.select({ id: users.id }).from(users).where(eq(users.mobileHash, pii.hash(mobile))).limit(1);
      if (!person) throw badRequest(MerchantReviewMsg.notRegistered);
      return inTurn(db, [['merchant', scope.merchantId]], async (tx) => {
        const [existing] = await tx.select({ role: merchantStaff.role }).from(merchantStaff).where(and(eq(merchantStaff.merchantId, scope.merchantId), eq(merchantStaff.userId, person.id)));
        if (existing) throw badRequest(existing.role === 'owner' ? MerchantReviewMsg.ownerIsStaff : MerchantMsg.clerkExists);
        const [n] = await tx.select({ n: count() }).from(merchantStaff).where(and(eq(merchantStaff.merchantId, scope.merchantId), eq(merchantStaff.role, 'clerk')));
        if (n!.n >= MERCHANT_CLERKS_MAX) throw badRequest(MerchantMsg.clerksFull);
        await tx.insert(merchantStaff).values({ merchantId: scope.merchantId, userId: person.id, role: 'clerk', addedBy: caller.userId });
        return { userId: person.id };
      });
    },

    async removeClerk(caller: Caller, id: string, userId: string) {
      const scope = await shops.requireOwner(caller, id);
      const gone = await db
        .delete(merchantStaff)
        .where(and(eq(merchantStaff.merchantId, scope.merchantId), eq(merchantStaff.userId, userId), eq(merchantStaff.role, 'clerk')))
        .returning({ userId: merchantStaff.userId });
      return { removed: gone.length > 0 };
    },

    /** A community's approved shops, nearest first: readers of the community only. */
    async list(caller: Caller, poiId: string, category: string | undefined) {
      const at = now();
      const scope = await access.requireReader(caller, poiId, beijingDate(at));
      const rows = await repo.approvedIn(scope.poiId, category);
      const coupons = await repo.couponCounts(
        rows.map((r) => r.m.id),
        scope.poiId,
        at,
      );
      return { shops: rows.map((r) => cardOf(r.m as MerchantRow, r.distanceM, coupons.get(r.m.id) ?? 0, at)) };
    },

    /** The public page, in `poiId` where it is approved (its staff see it there too). */
    async page(caller: Caller, id: string, poiId: string) {
      const at = now();
      const scope = await access.requireReader(caller, poiId, beijingDate(at));
      const m = await repo.find(id);
      const link = m ? (await repo.links([m.id])).find((l) => l.poiId === scope.poiId && l.status === 'approved') : undefined;
      if (!m || !link || m.status !== 'approved') throw merchantNotFound();
      const coupons = await repo.couponCounts([m.id], scope.poiId, at);
      return {
        shop: {
          ...cardOf(m, link.distanceM, coupons.get(m.id) ?? 0, at),
          intro: m.intro,
          lng: m.lng,
          lat: m.lat,
          phone: m.phone,
          photos: m.photos.map((p) => imageOf(m.id, p)),
          licenceNo: m.licenceNo,
          mine: (await shops.scopeOf(caller.userId, m.id)) !== null,
        },
      };
    },

    /**
     * Where one of the shop's photos is stored, for the caller: its public photos to whoever
     * sees the shop, the licence photo to its staff and reviewers only. 404 otherwise.
     */
    async image(caller: Caller, id: string, hash: string, size: ImageSize) {
      const m = await repo.find(id);
      if (!m) throw notFound(ImageMsg.notFound);
      const licence = m.licenceImage.hash === hash;
      const photo = m.photos.find((p) => p.hash === hash);
      if (!licence && !photo) throw notFound(ImageMsg.notFound);
      const inside = (await shops.scopeOf(caller.userId, m.id)) !== null || (await reviews(caller, m));
      if (!inside && (licence || !(await seesPublic(caller, m)))) throw notFound(ImageMsg.notFound);
      return { poiId: (licence ? m.licenceImage : photo!).poiId, hash, size };
    },
  };
}
export type ShopService = ReturnType<typeof createShopService>;
