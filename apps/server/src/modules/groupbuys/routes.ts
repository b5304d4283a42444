import type { FastifyRequest } from 'fastify';
import { cancelGroupBuy, getGroupBuy, listGroupBuys, listManagedGroupBuys, listMyGroupBuys, listMySellers, publishGroupBuy } from '@sq/contract/groupbuys/group-buys';
import { applyLeader, listLeaderApplications, listMyLeaders, reviewLeader, suspendLeader } from '@sq/contract/groupbuys/leaders';
import type { RouteKit } from '../../lib/route-kit';
import type { PhotoCookie } from '../images/photo-cookie';
import type { GroupBuysService } from './group-buys-service';
import type { LeadersService } from './leaders-service';
import type { PublishService } from './publish-service';

const idParam = (req: FastifyRequest) => (req.params as Record<string, string>).id ?? '';

/** 社区团购 (issue 36 items 1 and 5): 团长 applications and review, publishing, the lists, the seller's cancel. */
export function groupBuyRoutes(kit: RouteKit, s: { leaders: LeadersService; publish: PublishService; buys: GroupBuysService; photoCookie: PhotoCookie }) {
  // Answers that list photos also set the images' cookie, so their <img> load (images/photo-cookie.ts).
  kit.authed(applyLeader, ({ caller, body }) => s.leaders.apply(caller, body));
  kit.authed(listMyLeaders, ({ caller }) => s.leaders.mine(caller));
  kit.authed(listLeaderApplications, ({ caller, query }) => s.leaders.applications(caller, query.poiId));
  kit.authed(reviewLeader, ({ caller, body, req }) => s.leaders.review(caller, idParam(req), body));
  kit.authed(suspendLeader, ({ caller, body, req }) => s.leaders.suspend(caller, idParam(req), body));
  kit.authed(publishGroupBuy, async ({ caller, body, req, reply }) => (s.photoCookie(req, reply), s.buys.get(caller, await s.publish.publish(caller, body))));
  kit.authed(listGroupBuys, ({ caller, query, req, reply }) => (s.photoCookie(req, reply), s.buys.list(caller, query.poiId)));
  kit.authed(listMySellers, ({ caller }) => s.buys.sellers(caller));
  kit.authed(listMyGroupBuys, ({ caller, req, reply }) => (s.photoCookie(req, reply), s.buys.mine(caller)));
  kit.authed(listManagedGroupBuys, ({ caller, query, req, reply }) => (s.photoCookie(req, reply), s.buys.manage(caller, query.poiId)));
  kit.authed(getGroupBuy, ({ caller, query, req, reply }) => (s.photoCookie(req, reply), s.buys.get(caller, idParam(req), query.leader)));
  kit.authed(cancelGroupBuy, ({ caller, body, req }) => s.buys.cancel(caller, idParam(req), body.reason));
}
