import type { MyBooking, Space } from '@sq/contract/spaces/spaces';
import type { BookingStatus } from '@sq/contract/spaces/space-rules';
import type { BookingRow } from './bookings-repo';
import type { SpaceRow } from './spaces-repo';

export const unixSeconds = (at: Date) => Math.floor(at.getTime() / 1000);

export const spaceOf = (s: SpaceRow): Space => ({
  id: s.id,
  name: s.name,
  description: s.description,
  rules: s.rules,
  hours: s.hours,
  slotMinutes: s.slotMinutes,
  needsApproval: s.needsApproval,
  weeklyMinutes: s.weeklyMinutes,
  daysAhead: s.daysAhead,
  active: s.active,
});

/** A booking as its person sees it; cancellable while it holds a slot that has not started. */
export const myBookingOf = (b: BookingRow, spaceName: string, now: Date): MyBooking => ({
  id: b.id,
  spaceId: b.spaceId,
  spaceName,
  startsAt: unixSeconds(b.startsAt),
  endsAt: unixSeconds(b.endsAt),
  purpose: b.purpose,
  status: b.status as BookingStatus,
  reviewNote: b.reviewNote,
  canCancel: (b.status === 'pending' || b.status === 'approved') && b.startsAt > now,
});
