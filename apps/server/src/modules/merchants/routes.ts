import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ImageSize } from '@sq/contract/images/image-rules';
import { addClerk, applyMerchant, editMerchant, getMyShop, getShop, getShopImage, getShopImageThumb, listMerchantReviewLog, listMerchantReviews, listShops, removeClerk, reviewMerchant, suspendMerchant } from '@sq/contract/merchants/merchants';
import { listMyShops } from '@sq/contract/merchants/my-shops';
import type { RouteKit } from '../../lib/route-kit';
import { SESSION_SECURITY } from '../../plugins/openapi';
import type { AuthService } from '../auth/service';
import { tokenFromCookie, tokenFromRequest } from '../auth/token-source';
import type { PhotoCookie } from '../images/photo-cookie';
import type { ImageReader } from '../images/read';
import { sendImage } from '../images/routes';
import type { ApplyService } from './apply-service';
import type { ReviewService } from './review-service';
import type { ShopService } from './shop-service';

const idParam = (req: FastifyRequest) => (req.params as Record<string, string>).id ?? '';

/** 周边商家 (issue 35 item 1): applying, the shop centre, clerks, review, the residents' side, the shop's photos. */
export function merchantRoutes(kit: RouteKit, s: { apply: ApplyService; review: ReviewService; shops: ShopService; auth: AuthService; images: ImageReader; photoCookie: PhotoCookie }) {
  kit.authed(listMyShops, ({ caller }) => s.shops.mine(caller));
  kit.authed(applyMerchant, ({ caller, body }) => s.apply.apply(caller, body));
  kit.authed(editMerchant, ({ caller, body, req }) => s.apply.edit(caller, idParam(req), body));
  kit.authed(getMyShop, ({ caller, req, reply }) => (s.photoCookie(req, reply), s.shops.manage(caller, idParam(req))));
  kit.authed(addClerk, ({ caller, body, req }) => s.shops.addClerk(caller, idParam(req), body.mobile));
  kit.authed(removeClerk, ({ caller, body, req }) => s.shops.removeClerk(caller, idParam(req), body.userId));
  kit.authed(listMerchantReviews, ({ caller, query, req, reply }) => (s.photoCookie(req, reply), s.review.queue(caller, query.status)));
  kit.authed(listMerchantReviewLog, ({ caller }) => s.review.log(caller));
  kit.authed(reviewMerchant, ({ caller, body, req }) => s.review.review(caller, idParam(req), body));
  kit.authed(suspendMerchant, ({ caller, body, req }) => s.review.suspend(caller, idParam(req), body));
  kit.authed(listShops, ({ caller, query, req, reply }) => (s.photoCookie(req, reply), s.shops.list(caller, query.poiId, query.category)));
  kit.authed(getShop, ({ caller, query, req, reply }) => (s.photoCookie(req, reply), s.shops.page(caller, idParam(req), query.poiId)));

  // For an <img>, as images/routes.ts serves a community's photos: the cookie or a token.
  const serve = (size: ImageSize) => async ({ req, reply }: { req: FastifyRequest; reply: FastifyReply }) => {
    const caller = await s.auth.authenticate(tokenFromRequest(req) ?? tokenFromCookie(req));
    const { id, hash } = req.params as { id: string; hash: string };
    const where = await s.shops.image(caller, id, hash, size);
    return sendImage(req, reply, hash, () => s.images(where.poiId, where.hash, size));
  };
  const security = { security: [{ sessionCookie: [] }, ...SESSION_SECURITY] };
  kit.open(getShopImage, serve('web'), security);
  kit.open(getShopImageThumb, serve('thumb'), security);
}
