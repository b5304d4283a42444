import { myCommunities } from '@sq/contract/community/my-communities';
import { getUserInfo, postUserInfo } from '@sq/contract/community/user-info';
import type { RouteKit } from '../../lib/route-kit';
import { SESSION_SECURITY } from '../../plugins/openapi';
import type { AuthService } from '../auth/service';
import { tokenFromCookie, tokenFromRequest } from '../auth/token-source';
import type { UserInfoService } from './user-info-service';

export function userInfoRoutes(kit: RouteKit, auth: AuthService, userInfo: UserInfoService) {
  // Every page's first request: on the fast lane with the gate's poll (it reads, never writes).
  kit.authedPoll(postUserInfo, ({ caller }) => userInfo.userInfo(caller));

  kit.authed(myCommunities, ({ caller }) => userInfo.myCommunities(caller));

  // The start-up check may come from a page that has no token yet: the login cookie stands in.
  kit.open(
    getUserInfo,
    async ({ req }) => {
      const caller = await auth.authenticate(tokenFromRequest(req) ?? tokenFromCookie(req));
      return userInfo.userInfo(caller);
    },
    { security: [{ sessionCookie: [] }, ...SESSION_SECURITY] },
  );
}
