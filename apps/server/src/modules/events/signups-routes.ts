import { addWalkIn, cancelSignup, listMyEvents, listSignups, signUp } from '@sq/contract/events/signups';
import type { FastifyRequest } from 'fastify';
import type { RouteKit } from '../../lib/route-kit';
import type { PhotoCookie } from '../images/photo-cookie';
import type { MineService } from './signups-mine-service';
import type { SignupsManageService } from './signups-manage-service';
import type { SignupsService } from './signups-service';

const idParam = (req: FastifyRequest) => (req.params as Record<string, string>).id ?? '';

/** 报名, 取消报名, 我的活动; and for staff the sign-up list (its .xlsx) and walk-ins at the door. */
export function signupRoutes(kit: RouteKit, s: { signups: SignupsService; mine: MineService; manage: SignupsManageService; photoCookie: PhotoCookie }) {
  kit.authed(signUp, ({ caller, body, req }) => s.signups.signUp(caller, idParam(req), body));
  kit.authed(cancelSignup, ({ caller, req }) => s.signups.cancel(caller, idParam(req)));
  // Covers are photos of the events' communities: the answer sets the cookie their <img> need.
  kit.authed(listMyEvents, ({ caller, query, req, reply }) => (s.photoCookie(req, reply), s.mine.list(caller, query)));
  kit.authed(listSignups, async ({ caller, query, req, reply }) => {
    if (query.export === '1') {
      await s.manage.export(caller, idParam(req), { status: query.status, whole: query.whole === '1' }, reply);
      return null as never;
    }
    return s.manage.list(caller, idParam(req), query);
  });
  kit.authed(addWalkIn, ({ caller, body, req }) => s.manage.walkIn(caller, idParam(req), body));
}
