import { WebRoute } from '@sq/contract/routes';
import type { EventKind, EventWhen } from '@sq/contract/events/event-rules';

const q = encodeURIComponent;
const withPoi = (path: string, poiId?: string | null) => (poiId ? `${path}?poiId=${q(poiId)}` : path);

/** 社区活动's addresses in one place: shared links and the notifications point at them. */
export const eventLinks = {
  home: (poiId?: string | null) => withPoi(WebRoute.events, poiId),
  list: (filter: { kind?: EventKind | null; when?: EventWhen | null } = {}) => {
    const p = new URLSearchParams();
    if (filter.when && filter.when !== 'upcoming') p.set('when', filter.when);
    if (filter.kind) p.set('kind', filter.kind);
    const s = p.toString();
    return s ? `${WebRoute.eventList}?${s}` : WebRoute.eventList;
  },
  kinds: () => WebRoute.eventKinds,
  search: (keyword?: string) => (keyword ? `${WebRoute.eventSearch}?keyword=${q(keyword)}` : WebRoute.eventSearch),
  detail: (id: string) => `${WebRoute.eventDetail}?id=${q(id)}`,
  mine: () => WebRoute.myEvents,
  publish: (poiId: string | null) => withPoi(WebRoute.eventPublish, poiId),
  edit: (id: string) => `${WebRoute.eventPublish}?id=${q(id)}`,
  copy: (id: string) => `${WebRoute.eventPublish}?copy=${q(id)}`,
  manage: (poiId: string | null) => withPoi(WebRoute.eventManage, poiId),
  manageOne: (id: string) => `${WebRoute.eventManage}?id=${q(id)}`,
  scanner: (poiId: string, id: string) => `${WebRoute.gateScanner}?poiId=${q(poiId)}&event=${q(id)}`,
  album: (id: string) => `${WebRoute.albums}?event=${q(id)}`,
  /** The rotating door QR that signed-up people scan themselves (events-checkin). */
  door: (id: string) => `${WebRoute.eventDoor}?id=${q(id)}`,
  albums: (poiId: string | null) => withPoi(WebRoute.albums, poiId),
  spaces: (poiId: string | null) => withPoi(WebRoute.spaces, poiId),
};
