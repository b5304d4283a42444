import { cancelEvent, createEvent, editEvent, getEvent, getEventSettings, listEventKinds, listEventProposals, listEvents, reviewEvent, saveEventSettings, searchEvents } from '@sq/contract/events/events';
import type { FastifyRequest } from 'fastify';
import type { RouteKit } from '../../lib/route-kit';
import type { PhotoCookie } from '../images/photo-cookie';
import type { DetailService } from './detail-service';
import type { ListService } from './list-service';
import type { ManageService } from './manage-service';
import type { PublishService } from './publish-service';
import type { SettingsService } from './settings-service';

const idParam = (req: FastifyRequest) => (req.params as Record<string, string>).id ?? '';

/** 社区活动 (issue 34): the lists, search, kinds, one event, publishing and proposing, the settings. */
export function eventRoutes(kit: RouteKit, s: { list: ListService; detail: DetailService; publish: PublishService; settings: SettingsService; photoCookie: PhotoCookie }) {
  // The answers that show covers set the cookie their <img> need (images/photo-cookie.ts).
  kit.authed(listEvents, ({ caller, query, req, reply }) => (s.photoCookie(req, reply), s.list.list(caller, query)));
  kit.authed(searchEvents, ({ caller, query, req, reply }) => (s.photoCookie(req, reply), s.list.search(caller, query)));
  kit.authed(listEventKinds, ({ caller, query }) => s.list.kinds(caller, query.poiId));
  kit.authed(getEventSettings, ({ caller, query }) => s.settings.get(caller, query.poiId));
  kit.authed(getEvent, ({ caller, req, reply }) => (s.photoCookie(req, reply), s.detail.get(caller, idParam(req))));
  kit.authed(createEvent, ({ caller, body }) => s.publish.create(caller, body));
  kit.authed(editEvent, ({ caller, body, req }) => s.publish.edit(caller, idParam(req), body));
}

/** 活动管理: the community's staff (settings: its administrators and managers). */
export function eventManageRoutes(kit: RouteKit, s: { manage: ManageService; settings: SettingsService; photoCookie: PhotoCookie }) {
  kit.authed(cancelEvent, ({ caller, body, req }) => s.manage.cancel(caller, idParam(req), body.reason));
  kit.authed(listEventProposals, ({ caller, query, req, reply }) => (s.photoCookie(req, reply), s.manage.proposals(caller, query.poiId)));
  kit.authed(reviewEvent, ({ caller, body }) => s.manage.review(caller, body));
  kit.authed(saveEventSettings, ({ caller, body }) => s.settings.save(caller, body));
}
