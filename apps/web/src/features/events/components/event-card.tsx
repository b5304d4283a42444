import { Link } from 'react-router';
import { EVENT_KIND_NAMES, SIGNUP_STATUS_NAMES } from '@sq/contract/events/event-rules';
import type { EventCard as Card } from '@sq/contract/events/events';
import { eventLinks } from '../lib/event-links';
import { eventPhase, PHASE_WORDS, placesLeft } from '../lib/event-state';
import { eventSpan } from '../lib/event-time';

/** One event in a list: cover (or the kind's colour), title, when, where, places and the person's own state. */
export function EventCard({ event: e, big = false, community }: { event: Card; big?: boolean; community?: string }) {
  const phase = eventPhase(e);
  const left = placesLeft(e);
  const places = phase === 'open' ? `剩余 ${left} 个名额` : phase === 'full' && e.waiting > 0 ? `${e.waiting} 人候补` : null;
  return (
    <Link className={`ev-card${big ? ' ev-card-big' : ''}`} to={eventLinks.detail(e.id)}>
      <div className={`ev-card-cover ev-kind-${e.kind}`}>
        {e.cover ? <img src={big ? e.cover.url : e.cover.thumbUrl} alt="" loading="lazy" /> : <span aria-hidden="true">{EVENT_KIND_NAMES[e.kind]}</span>}
        <span className={`ev-badge ev-phase-${phase}`}>{PHASE_WORDS[phase]}</span>
      </div>
      <div className="ev-card-body">
        <h3 className="ev-card-title">{e.title}</h3>
        <p className="ev-card-line">{eventSpan(e.startsAt, e.endsAt)}</p>
        <p className="ev-card-line">
          {community ? `${community} · ` : ''}
          {e.place}
        </p>
        <p className="ev-card-foot">
          <span className="ev-chip">{EVENT_KIND_NAMES[e.kind]}</span>
          {places && <span className="ev-card-places">{places}</span>}
          {e.mine && e.mine.status !== 'cancelled' && (
            <span className={`ev-mine ev-mine-${e.mine.status}`}>
              {e.mine.status === 'waiting' && e.mine.waitingPosition ? `候补第 ${e.mine.waitingPosition} 位` : SIGNUP_STATUS_NAMES[e.mine.status]}
            </span>
          )}
        </p>
      </div>
    </Link>
  );
}
