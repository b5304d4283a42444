import type { Community } from '@sq/contract/community/get-community';
import { NEIGHBOURS_PAGE_SIZE, type Neighbour } from '@sq/contract/community/list-users';
import { MSG_NOT_JOINED } from '@sq/contract/info/info-entry';
import { forbidden, notFound } from '../../lib/errors';
import type { Caller } from '../auth/caller';
import { MSG_NO_COMMUNITY } from '../access/service';
import type { MapProvider } from '../map/provider';
import type { CommunityRepo } from './repo';
import type { MembershipCache } from './membership-cache';

type CommunityRow = NonNullable<Awaited<ReturnType<CommunityRepo['community']>>>;

/** Avatars are shown only from this site or inline: the CSP allows no other image host. */
const SAFE_AVATAR = /^(\/(?!\/)|data:image\/)/;

export function createCommunityService(deps: { repo: CommunityRepo; membership: MembershipCache; provider: MapProvider; now: () => Date }) {
  const { repo } = deps;

  /** The community, imported from the map service the first time someone picks it there. */
  async function community(poiId: string): Promise<CommunityRow> {
    const known = await repo.community(poiId);
    if (known) return known;
    const found = await deps.provider.community(poiId);
    if (!found) throw notFound(MSG_NO_COMMUNITY);
    await repo.importCommunity(found);
    const imported = await repo.community(poiId);
    if (!imported) throw notFound(MSG_NO_COMMUNITY);
    return imported;
  }

  return {
    community,

    async info(poiId: string): Promise<{ community: Community }> {
      const c = await community(poiId);
      return {
        community: {
          poiId: c.poiId,
          community: c.name,
          pname: c.pname,
          cityname: c.cityname,
          adname: c.adname,
          address: c.address,
          lng: c.lng,
          lat: c.lat,
          streetId: c.streetId ?? '',
          streetName: c.streetName,
        },
      };
    },

    /** `edit`: chooses the community; with join also joins it (moveTime = now, spec §4). */
    async choose(caller: Caller, poiId: string, join: boolean) {
      await community(poiId);
      const current = await deps.membership.currentOf(caller.userId);
      // Choosing (or joining) the community one already joined keeps the original join time.
      let movedAt = current?.poiId === poiId ? current.movedAt : null;
      if (!movedAt) {
        movedAt = join ? deps.now() : null;
        await repo.setCurrent(caller.userId, poiId, movedAt);
        await deps.membership.changed(caller.userId);
      }
      return { community: poiId, moveTime: movedAt ? Math.floor(movedAt.getTime() / 1000) : 0 };
    },

    /**
     * Anyone sees who joined (avatar and name, spec §6); the openIds, which identify each person
     * across the product, only a member of this community does – '' for everyone else.
     */
    async neighbours(caller: Caller | null, poiId: string, page: number): Promise<{ users: Neighbour[]; total: number }> {
      await community(poiId);
      const [rows, total, member] = await Promise.all([
        repo.neighbours(poiId, NEIGHBOURS_PAGE_SIZE, (page - 1) * NEIGHBOURS_PAGE_SIZE),
        repo.neighbourCount(poiId),
        caller ? deps.membership.currentOf(caller.userId).then((m) => m?.poiId === poiId && Boolean(m.movedAt)) : false,
      ]);
      return {
        users: rows.map((u) => ({ ...u, openId: member ? u.openId : '', avatar: u.avatar && SAFE_AVATAR.test(u.avatar) ? u.avatar : '' })),
        total,
      };
    },

    /** Correcting and adding info need the user to have joined this community (spec §4). */
    async requireJoined(caller: Caller, poiId: string): Promise<CommunityRow> {
      const c = await community(poiId);
      const current = await deps.membership.currentOf(caller.userId);
      if (current?.poiId !== poiId || !current.movedAt) throw forbidden(MSG_NOT_JOINED);
      return c;
    },
  };
}
export type CommunityService = ReturnType<typeof createCommunityService>;
