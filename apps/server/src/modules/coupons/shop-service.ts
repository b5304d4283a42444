import { CouponMsg, type BatchChannel, type BatchStatus } from '@sq/contract/coupons/coupon-rules';
import type { BatchForm } from '@sq/contract/coupons/coupons';
import { MerchantMsg } from '@sq/contract/merchants/merchant-rules';
import type { Caller } from '../auth/caller';
import { idOf } from '../board/board-access';
import { decodeCursor, pageOf } from '../board/cursor';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import type { ContentChecks } from '../content/checks';
import type { MerchantAccess } from '../merchants/merchant-access';
import type { BatchRow } from './coupons-repo';
import type { ShopRepo } from './shop-repo';
import { termsOf, unixSeconds } from './views';

const SHOP_PAGE_SIZE = 20;

/** 发布优惠券, the shop's batches and 停止发放 (issue 35 item 2): the owner publishes and stops, clerks read. */
export function createShopService(deps: { repo: ShopRepo; merchants: MerchantAccess; checks: ContentChecks; now: () => Date }) {
  const { repo, merchants, checks, now } = deps;

  /**
   * A batch's texts pass the content check of every community it is offered in (DESIGN.md §9, as
   * the shop's own texts): a banned word of any refuses, ID numbers are masked. The shop's phone in
   * its rules is a business's public number, so numbers are not masked as a resident's would be.
   */
  async function textsOf(poiIds: readonly string[], form: BatchForm) {
    const fields = [form.title, form.rules, form.item ?? ''];
    const verdicts = await Promise.all(poiIds.map((poiId) => Promise.all(fields.map((text) => (text ? checks.check(poiId, text, { showPhone: true }) : null)))));
    const words = [...new Set(verdicts.flat().flatMap((v) => v?.keywords ?? []))];
    if (words.length) throw badRequest(CouponMsg.bannedWords(words));
    const [title, rules, item] = verdicts[0]!;
    return { title: title?.text ?? form.title, rules: rules?.text ?? form.rules, item: form.item === null ? null : (item?.text ?? form.item) };
  }

  async function shopBatchOf(b: BatchRow, names?: Map<string, string>) {
    const ids = b.communities;
    const known = names ?? (await repo.names(ids));
    return {
      ...termsOf(b),
      id: b.id,
      channel: b.channel as BatchChannel,
      total: b.total,
      left: Math.max(0, b.total - b.claimed),
      perPerson: b.perPerson,
      claimStartsAt: unixSeconds(b.claimStartsAt),
      claimEndsAt: unixSeconds(b.claimEndsAt),
      validDays: b.validDays,
      minLevel: b.minLevel,
      status: b.status as BatchStatus,
      claimed: b.claimed,
      used: b.used,
      communities: ids.map((poiId) => ({ poiId, name: known.get(poiId) ?? poiId })),
      createdAt: unixSeconds(b.createdAt),
    };
  }

  return {
    /**
     * The owner of a shop approved somewhere publishes a batch for some of its approved
     * communities (none named: all of them, as they are when each claim is made).
     */
    async publish(caller: Caller, merchantId: string, form: BatchForm) {
      const scope = await merchants.requireOwner(caller, merchantId);
      if (scope.status === 'suspended') throw forbidden(MerchantMsg.suspended);
      const links = await repo.approvedLinks(scope.merchantId);
      if (scope.status !== 'approved' || !links.length) throw forbidden(MerchantMsg.notFound);
      const approved = new Set(links.map((l) => l.poiId));
      const communities = [...new Set(form.communities)];
      if (communities.some((poiId) => !approved.has(poiId))) throw badRequest(CouponMsg.communities);
      if (form.claimEndsAt * 1000 <= now().getTime()) throw badRequest(CouponMsg.window);
      const texts = await textsOf(communities.length ? communities : [...approved], form);
      const id = await repo.insert(scope.merchantId, { ...form, ...texts, communities }, caller.userId, now());
      const batch = (await repo.batch(scope.merchantId, id))!;
      return { batch: await shopBatchOf(batch, new Map(links.map((l) => [l.poiId, l.name]))) };
    },

    async list(caller: Caller, merchantId: string, cursor: string | undefined) {
      const scope = await merchants.requireStaff(caller, merchantId);
      let after;
      try {
        after = decodeCursor(cursor);
      } catch {
        throw badRequest(CouponMsg.batchNotFound);
      }
      const rows = await repo.page(scope.merchantId, after, SHOP_PAGE_SIZE + 1);
      const { rows: page, next } = pageOf(rows, SHOP_PAGE_SIZE);
      const names = await repo.names([...new Set(page.flatMap((b) => b.communities))]);
      return { batches: await Promise.all(page.map((b) => shopBatchOf(b, names))), next };
    },

    /** No more claims; coupons already claimed stay valid. Stopping a stopped batch answers it as it is. */
    async stop(caller: Caller, merchantId: string, batchId: string) {
      const scope = await merchants.requireOwner(caller, merchantId);
      const id = idOf(batchId, CouponMsg.batchNotFound);
      if (!(await repo.batch(scope.merchantId, id))) throw notFound(CouponMsg.batchNotFound);
      await repo.stop(scope.merchantId, id);
      return { batch: await shopBatchOf((await repo.batch(scope.merchantId, id))!) };
    },
  };
}
export type ShopService = ReturnType<typeof createShopService>;
