import { Link } from 'react-router';
import { EVENT_KIND_NAMES } from '@sq/contract/events/event-rules';
import type { EventCard } from '@sq/contract/events/events';
import { eventLinks } from '../lib/event-links';
import { eventPhase, PHASE_WORDS } from '../lib/event-state';
import { eventSpan } from '../lib/event-time';

/** An event in 活动管理's list: when, how full, who waits; opens its sign-up list. */
export function ManageEventRow({ event: e }: { event: EventCard }) {
  const phase = eventPhase(e);
  return (
    <Link className="ev-manage-row" to={eventLinks.manageOne(e.id)}>
      <span className="ev-manage-row-title">
        {e.title}
        <span className={`ev-badge-inline ev-phase-${phase}`}>{PHASE_WORDS[phase]}</span>
      </span>
      <span className="ev-muted">
        {EVENT_KIND_NAMES[e.kind]} · {eventSpan(e.startsAt, e.endsAt)}
      </span>
      <span>
        已报名 {e.confirmed}/{e.capacity}
        {e.waiting > 0 && ` · 候补 ${e.waiting}`}
      </span>
    </Link>
  );
}
