import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { WebRoute } from '@sq/contract/routes';

/**
 * 社区活动's title bar: back, the title, links on the right. Plain markup like 邻里圈's (NavBar
 * would cost /activity's first-load budget ~4 KB). Back goes home when opened from a shared link.
 */
export function EventsHeader({ title, right, fallback = WebRoute.events }: { title: string; right?: ReactNode; fallback?: string }) {
  const navigate = useNavigate();
  const back = () => {
    if ((window.history.state as { idx?: number } | null)?.idx) navigate(-1);
    else navigate(fallback, { replace: true });
  };
  return (
    <header className="ev-head">
      <button type="button" className="ev-head-back" onClick={back}>
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <span className="sq-visually-hidden">返回</span>
      </button>
      <h1 className="ev-head-title">{title}</h1>
      {right && <div className="ev-head-links">{right}</div>}
    </header>
  );
}

/** The magnifier that opens /activity/search, for the headers of the home and the list. */
export const SearchIcon = () => (
  <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
    <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
    <path d="M16 16l4.5 4.5" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
  </svg>
);
