import type { FastifyRequest } from 'fastify';
import { cancelInvitation, inviteVisitor, listCommunityInvitations, listMyInvitations, saveVisitSettings } from '@sq/contract/visits/invitations';
import { getVisitorPass, giveVisitorDocument, registerVisitorKey } from '@sq/contract/visits/visitor-pass';
import type { RouteKit } from '../../lib/route-kit';
import type { VisitService } from './service';

export function visitRoutes(kit: RouteKit, visits: VisitService, publicOrigin?: string) {
  const originOf = (req: FastifyRequest) => publicOrigin ?? `${req.protocol}://${req.host}`;
  kit.authed(inviteVisitor, ({ caller, body, req }) => {
    const { poiId, ...input } = body;
    return visits.invite(caller, poiId, input, originOf(req));
  });
  kit.authed(listMyInvitations, ({ caller, body, req }) => visits.mine(caller, body.poiId, originOf(req)));
  kit.authed(cancelInvitation, ({ caller, body }) => visits.cancel(caller, body.poiId, body._id));
  kit.authed(listCommunityInvitations, async ({ caller, body, query, reply }) => {
    if (query.export === '1') {
      await visits.export(caller, body.poiId, body.whole === '1', reply);
      return null as never;
    }
    return visits.staffList(caller, body.poiId, body.page);
  });
  kit.authed(saveVisitSettings, ({ caller, body }) => visits.saveSetting(caller, body.poiId, String(body.withoutDocument) === '1'));

  // The visitor has no account: the link's token is the credential.
  kit.open(getVisitorPass, ({ query, req }) => visits.visitorPass(query.t, query.pass ?? 1, originOf(req)));
  kit.open(giveVisitorDocument, ({ body }) => visits.giveDocument(body.t, body));
  kit.open(registerVisitorKey, ({ body }) => visits.registerKey(body.t, body.publicKey));
}
