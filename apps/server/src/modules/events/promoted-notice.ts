import type { NotificationService } from '../notifications/service';
import type { Promoted } from './signups-repo';
import { eventLink } from './signups-views';

/**
 * Tells each person moved up from the waiting list (in the app, SMS, WeChat): after a cancelled
 * sign-up, a deleted account or a capacity staff raised. After the commit; a notice that cannot be
 * queued never fails the request that freed the places.
 */
export function createPromotedNotice(notices: NotificationService, now: () => Date) {
  return async function tellPromoted(event: { id: string; poiId: string; title: string; startsAt: Date }, promoted: Promoted[]) {
    for (const p of promoted) {
      if (!p.userId) continue;
      await notices.event({
        userId: p.userId,
        kind: 'eventPromoted',
        poiId: event.poiId,
        what: event.title,
        startsAt: event.startsAt,
        link: eventLink(event.id),
        event: `promoted:${p.signupId}:${now().getTime()}`,
      });
    }
  };
}
export type TellPromoted = ReturnType<typeof createPromotedNotice>;
