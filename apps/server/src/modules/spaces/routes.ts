import { bookSpace, cancelBooking, getSpaceDay, listDayBookings, listManagedSpaces, listMyBookings, listSpaces, reviewBooking, cancelBookingByStaff, saveSpace } from '@sq/contract/spaces/spaces';
import type { FastifyRequest } from 'fastify';
import type { RouteKit } from '../../lib/route-kit';
import type { SpacesManageService } from './manage-service';
import type { SpacesService } from './spaces-service';

const param = (req: FastifyRequest) => (req.params as Record<string, string>).id ?? '';

/** 场地预约 (/area) and 场地管理 (/areamanage). */
export function spacesRoutes(kit: RouteKit, s: { spaces: SpacesService; manage: SpacesManageService }) {
  kit.authed(listSpaces, ({ caller, query }) => s.spaces.list(caller, query.poiId));
  kit.authed(listMyBookings, ({ caller, query }) => s.spaces.mine(caller, query.poiId));
  kit.authed(getSpaceDay, ({ caller, query, req }) => s.spaces.day(caller, param(req), query.date));
  kit.authed(bookSpace, ({ caller, body, req }) => s.spaces.book(caller, param(req), body));
  kit.authed(cancelBooking, ({ caller, req }) => s.spaces.cancel(caller, param(req)));
  kit.authed(saveSpace, ({ caller, body }) => s.manage.save(caller, body));
  kit.authed(listManagedSpaces, ({ caller, query }) => s.manage.list(caller, query.poiId));
  kit.authed(listDayBookings, ({ caller, query }) => s.manage.day(caller, query));
  kit.authed(reviewBooking, ({ caller, body }) => s.manage.review(caller, body));
  kit.authed(cancelBookingByStaff, ({ caller, body }) => s.manage.cancel(caller, body));
}
