import type { EventCard, MySignup } from '@sq/contract/events/events';
import type { EventAudience, EventKind, EventStatus, SignupStatus } from '@sq/contract/events/event-rules';
import { imagesOf } from '../board/views';
import type { CardRow, MineRow } from './list-repo';

export const unixSeconds = (at: Date) => Math.floor(at.getTime() / 1000);

/** The caller's sign-up as every card and detail show it. */
export function mySignupOf(m: MineRow | undefined): MySignup | null {
  if (!m) return null;
  return {
    id: m.id,
    status: m.status as SignupStatus,
    companions: m.companions,
    waitingPosition: m.waitingPosition === null ? null : Number(m.waitingPosition),
    checkedInAt: m.checkedInAt ? unixSeconds(m.checkedInAt) : null,
  };
}

/** An event as a list shows it (the row's kind, audience and status are the contract's, as written by this module). */
export function cardOf(r: CardRow, mine: MineRow | undefined): EventCard {
  return {
    id: r.id,
    poiId: r.poiId,
    kind: r.kind as EventKind,
    title: r.title,
    cover: r.cover ? imagesOf(r.poiId, [r.cover])[0]! : null,
    place: r.place,
    startsAt: unixSeconds(r.startsAt),
    endsAt: unixSeconds(r.endsAt),
    signupOpensAt: unixSeconds(r.signupOpensAt),
    signupClosesAt: unixSeconds(r.signupClosesAt),
    capacity: r.capacity,
    confirmed: r.confirmedSeats,
    waiting: r.waitingCount,
    feeFen: r.feeFen,
    audience: r.audience as EventAudience,
    status: r.status as EventStatus,
    mine: mySignupOf(mine),
  };
}
