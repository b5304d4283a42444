import { getCommunity } from '@sq/contract/community/get-community';
import { joinCommunity } from '@sq/contract/community/join-community';
import { listUsers } from '@sq/contract/community/list-users';
import type { RouteKit } from '../../lib/route-kit';
import type { CommunityService } from './service';

export function communityRoutes(kit: RouteKit, community: CommunityService) {
  kit.authed(joinCommunity, ({ caller, body }) => community.choose(caller, body.poiId, String(body.join) === '1'));
  // Neighbours and the community card are public, like the home page that shows them (spec §6);
  // only the community's own members see their neighbours' openIds.
  kit.public(listUsers, ({ caller, query }) => community.neighbours(caller, query.poiId, query.page));
  kit.open(getCommunity, ({ query }) => community.info(query.poiId));
}
