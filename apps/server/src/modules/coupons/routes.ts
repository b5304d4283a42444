import { getCounterKit, getShopStats, listRedemptions, redeemCoupon, sendOfflineRedemptions } from '@sq/contract/coupons/counter';
import { claimCoupon, getBatch, getMyCoupon, listMyCoupons, listOfferedBatches, listShopBatches, publishBatch, stopBatch } from '@sq/contract/coupons/coupons';
import type { FastifyRequest } from 'fastify';
import type { RouteKit } from '../../lib/route-kit';
import type { CounterService } from './counter-service';
import type { RedemptionsService } from './redemptions-service';
import type { ResidentService } from './resident-service';
import type { ShopService } from './shop-service';

const param = (req: FastifyRequest, name = 'id') => (req.params as Record<string, string>)[name] ?? '';

/** 领券 and 我的优惠券 for residents; a shop's batches, counter, redemptions and dashboard for its staff. */
export function couponRoutes(kit: RouteKit, s: { resident: ResidentService; shop: ShopService; counter: CounterService; redemptions: RedemptionsService }) {
  // Shops' offers are public (a shared link, a poster); claiming needs a member of the community.
  kit.public(listOfferedBatches, ({ caller, query }) => s.resident.offered(caller, query));
  kit.public(getBatch, ({ caller, req }) => s.resident.batch(caller, param(req)));
  kit.authed(claimCoupon, ({ caller, body, req }) => s.resident.claim(caller, param(req), body.poiId));
  kit.authed(listMyCoupons, ({ caller, query }) => s.resident.mine(caller, query));
  kit.authed(getMyCoupon, ({ caller, req }) => s.resident.one(caller, param(req)));

  kit.authed(publishBatch, ({ caller, body, req }) => s.shop.publish(caller, param(req), body));
  kit.authed(listShopBatches, ({ caller, query, req }) => s.shop.list(caller, param(req), query.cursor));
  kit.authed(stopBatch, ({ caller, req }) => s.shop.stop(caller, param(req), param(req, 'batchId')));

  kit.authed(redeemCoupon, ({ caller, body, req }) => s.counter.redeem(caller, param(req), body.code));
  kit.authed(getCounterKit, ({ caller, req }) => s.counter.kit(caller, param(req)));
  kit.authed(sendOfflineRedemptions, ({ caller, body, req }) => s.counter.offline(caller, param(req), body.scans));
  kit.authed(listRedemptions, async ({ caller, query, req, reply }) => {
    if (query.export === '1') {
      await s.redemptions.export(caller, param(req), { batchId: query.batchId }, reply);
      return null as never;
    }
    return s.redemptions.list(caller, param(req), query);
  });
  kit.authed(getShopStats, ({ caller, req }) => s.redemptions.stats(caller, param(req)));
}
