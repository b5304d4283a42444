import type { UserInfo } from '@sq/contract/community/user-info';
import type { Caller } from '../auth/caller';
import type { AuthService } from '../auth/service';
import type { MembershipCache } from './membership-cache';
import type { MembershipRepo } from './membership-repo';

export function createUserInfoService(deps: { membership: Pick<MembershipCache, 'currentOf'>; belongings: Pick<MembershipRepo, 'belongingsOf'>; auth: AuthService }) {
  return {
    /** Where the account belongs, on any phone: its own data only, so no community check is needed. */
    async myCommunities(caller: Caller) {
      return { communities: await deps.belongings.belongingsOf(caller.userId) };
    },

    /** The spec's user info: current community, whether joined (moveTime) and the own mobile. */
    async userInfo(caller: Caller): Promise<UserInfo> {
      const [current, mobile] = await Promise.all([deps.membership.currentOf(caller.userId), deps.auth.mobileOf(caller.userId)]);
      return {
        community: current?.poiId ?? '',
        moveTime: current?.movedAt ? Math.floor(current.movedAt.getTime() / 1000) : 0,
        token: caller.token,
        mobile,
        openId: caller.openId,
      };
    },
  };
}
export type UserInfoService = ReturnType<typeof createUserInfoService>;
