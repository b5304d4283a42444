import type { EventCard } from '@sq/contract/events/events';

/** Where an event stands for the person looking at it, as one word and a tone for its badge. */
export type EventPhase = 'pending' | 'rejected' | 'cancelled' | 'ended' | 'running' | 'notOpen' | 'closed' | 'full' | 'open';

export function eventPhase(e: Pick<EventCard, 'status' | 'startsAt' | 'endsAt' | 'signupOpensAt' | 'signupClosesAt' | 'capacity' | 'confirmed'>, now = Date.now() / 1000): EventPhase {
  if (e.status === 'pending') return 'pending';
  if (e.status === 'rejected') return 'rejected';
  if (e.status === 'cancelled') return 'cancelled';
  if (now >= e.endsAt) return 'ended';
  if (now >= e.startsAt) return 'running';
  if (now < e.signupOpensAt) return 'notOpen';
  if (now >= e.signupClosesAt) return 'closed';
  if (e.confirmed >= e.capacity) return 'full';
  return 'open';
}

export const PHASE_WORDS: Record<EventPhase, string> = {
  pending: '待审核',
  rejected: '未通过',
  cancelled: '已取消',
  ended: '已结束',
  running: '进行中',
  notOpen: '报名未开始',
  closed: '报名已截止',
  full: '已满，可候补',
  open: '报名中',
};

/** Places still free, never below zero (companions take places too). */
export const placesLeft = (e: Pick<EventCard, 'capacity' | 'confirmed'>) => Math.max(0, e.capacity - e.confirmed);
