import { Link } from 'react-router';
import { WebRoute } from '@sq/contract/routes';
import { boardLinks } from '../lib/board-links';

/** 搜索 and 我的 in the board's title bar; words beside the icon, for people who read icons badly. */
export function HeaderLinks({ ownOpenId }: { ownOpenId: string | null }) {
  return (
    <span className="bd-head-links">
      <Link to={WebRoute.boardSearch} aria-label="搜索帖子">
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M16 16l4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </Link>
      <Link to={ownOpenId ? boardLinks.person(ownOpenId) : WebRoute.boardPerson}>我的</Link>
    </span>
  );
}
