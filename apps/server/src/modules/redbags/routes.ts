import { createRedbagCampaign, getRedbag, getRedbagShare, listRedbags, listShopRedbagCampaigns, openRedbag, startRedbag } from '@sq/contract/redbags/redbags';
import type { FastifyRequest } from 'fastify';
import type { RouteKit } from '../../lib/route-kit';
import type { RedbagService } from './service';

const idOf = (req: FastifyRequest) => (req.params as Record<string, string>).id ?? '';

/** 红包: the shop owner's campaigns, the residents' packets. */
export function redbagRoutes(kit: RouteKit, s: RedbagService) {
  kit.authed(createRedbagCampaign, ({ caller, body, req }) => s.create(caller, idOf(req), body));
  kit.authed(listShopRedbagCampaigns, ({ caller, req }) => s.ofShop(caller, idOf(req)));
  kit.authed(listRedbags, ({ caller, query }) => s.offered(caller, query.poiId));
  kit.authed(startRedbag, ({ caller, body }) => s.start(caller, body.campaignId, body.poiId));
  kit.authed(getRedbag, ({ caller, req, query }) => s.view(caller, idOf(req), query.poiId));
  kit.authed(openRedbag, ({ caller, req, body }) => s.open(caller, idOf(req), body.poiId));
  kit.authed(getRedbagShare, ({ caller, req }) => s.share(caller, idOf(req)));
}
