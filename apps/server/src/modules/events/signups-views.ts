import type { MySignup } from '@sq/contract/events/events';
import type { SignupStatus } from '@sq/contract/events/event-rules';
import { WebRoute } from '@sq/contract/routes';
import type { OwnSignup } from './signups-repo';

export const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
export const secondsOrNull = (d: Date | null) => (d ? seconds(d) : null);

/** Where a notice about the event leads: its detail page. */
export const eventLink = (id: string) => `${WebRoute.eventDetail}?id=${id}`;

/** The caller's own sign-up as every card and detail shows it. */
export const mySignupOf = (s: OwnSignup): MySignup => ({
  id: s.id,
  status: s.status as SignupStatus,
  companions: s.companions,
  waitingPosition: s.waitingPosition,
  checkedInAt: secondsOrNull(s.checkedInAt),
});
