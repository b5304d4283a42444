import { and, eq } from 'drizzle-orm';
import { MerchantMsg } from '@sq/contract/merchants/merchant-rules';
import type { ZMerchantForm } from '@sq/contract/merchants/merchants';
import { MerchantReviewMsg } from '@sq/contract/merchants/review-rules';
import type { z } from 'zod';
import { inTurn } from '../../db/in-turn';
import type { Db } from '../../db/client';
import { merchantCommunities, merchants, merchantStaff } from '../../db/schema';
import { badRequest, forbidden } from '../../lib/errors';
import type { AccessService } from '../access/service';
import type { Caller } from '../auth/caller';
import type { ContentChecks } from '../content/checks';
import type { ImageUses } from '../images/uses';
import type { MerchantAccess } from './merchant-access';
import type { MerchantsRepo, ShopImage } from './repo';

type Form = z.output<typeof ZMerchantForm>;
const refOf = (id: string) => `merchant:${id}`;

/**
 * Applying and resubmitting (docs/decisions/merchants.md): one shop per owner; the communities
 * within its radius each get a pending review; the texts pass every one of those communities'
 * content checks; the photos are the owner's uploads (purpose merchant).
 */
export function createApplyService(deps: { db: Db; repo: MerchantsRepo; access: AccessService; shops: MerchantAccess; checks: ContentChecks; images: ImageUses; now: () => Date }) {
  const { db, repo, access, shops, checks, images, now } = deps;

  /** The texts, checked in each community the shop would serve: a keyword of any of them refuses. */
  async function textsOf(poiIds: readonly string[], form: Form) {
    const verdicts = await Promise.all(poiIds.flatMap((poiId) => [form.name, form.intro, form.address].map((text) => checks.check(poiId, text, { showPhone: false }))));
    const words = [...new Set(verdicts.flatMap((v) => v.keywords))];
    if (words.length) throw badRequest(MerchantReviewMsg.bannedWords(words));
    const [name, intro, address] = verdicts;
    return { name: name!.text, intro: intro!.text, address: address!.text };
  }

  /** Everything one write stores, checked: the communities in range (none: 400), texts, photos. */
  async function write(tx: Db, caller: Caller, id: string, form: Form, inRange: { poiId: string; distanceM: number }[], fresh: boolean) {
    const texts = await textsOf(
      inRange.map((c) => c.poiId),
      form,
    );
    const stored = await images.use(tx, { poiId: form.imagePoiId, uploaderId: caller.userId, hashes: [form.licenceImage, ...form.photos], ref: refOf(id), missing: MerchantMsg.licenceImage });
    const byHash = new Map(stored.map((s) => [s.hash, { ...s, poiId: form.imagePoiId } satisfies ShopImage]));
    const at = now();
    const row = {
      ...texts,
      category: form.category,
      lng: form.lng,
      lat: form.lat,
      hours: form.hours,
      phone: form.phone,
      photos: [...new Set(form.photos)].map((h) => byHash.get(h)!),
      licenceNo: form.licenceNo,
      licenceImage: byHash.get(form.licenceImage)!,
      radiusM: form.radiusM,
      status: 'pending',
      statusNote: null,
      updatedAt: at,
    };
    if (fresh) {
      await tx.insert(merchants).values({ id, ...row, ownerId: caller.userId });
      await tx.insert(merchantStaff).values({ merchantId: id, userId: caller.userId, role: 'owner', addedBy: caller.userId });
    } else {
      await tx.update(merchants).set(row).where(eq(merchants.id, id));
      await tx.delete(merchantCommunities).where(eq(merchantCommunities.merchantId, id));
    }
    await tx.insert(merchantCommunities).values(inRange.map((c) => ({ merchantId: id, poiId: c.poiId, distanceM: c.distanceM, status: 'pending' })));
    return { id, communities: inRange.length };
  }

  async function inRangeOf(form: Form) {
    const found = await repo.communitiesWithin(db, form.lng, form.lat, form.radiusM);
    if (found.length === 0) throw badRequest(MerchantMsg.noCommunity);
    return found;
  }

  return {
    async apply(caller: Caller, form: Form) {
      await access.requireCommunity(form.imagePoiId);
      const inRange = await inRangeOf(form);
      return inTurn(db, [['merchant', caller.userId]], async (tx) => {
        const [mine] = await tx.select({ id: merchants.id }).from(merchants).where(eq(merchants.ownerId, caller.userId)).limit(1);
        if (mine) throw badRequest(MerchantMsg.alreadyApplied);
        return write(tx, caller, crypto.randomUUID(), form, inRange, true);
      });
    },

    /** The owner's correction: every community in range is reviewed again (an edit is a new application). */
    async edit(caller: Caller, id: string, form: Form) {
      const scope = await shops.requireOwner(caller, id);
      if (scope.status === 'suspended') throw forbidden(MerchantReviewMsg.notEditable);
      await access.requireCommunity(form.imagePoiId);
      const inRange = await inRangeOf(form);
      return inTurn(db, [['merchant', caller.userId]], async (tx) => {
        const [row] = await tx.select({ status: merchants.status }).from(merchants).where(and(eq(merchants.id, scope.merchantId))).for('update');
        if (row?.status === 'suspended') throw forbidden(MerchantReviewMsg.notEditable);
        return write(tx, caller, scope.merchantId, form, inRange, false);
      });
    },
  };
}
export type ApplyService = ReturnType<typeof createApplyService>;
