import { RightOutline } from 'antd-mobile-icons';
import { Link } from 'react-router';
import type { Community } from '@sq/contract/community/get-community';
import { WebRoute } from '@sq/contract/routes';
import { useJoined } from './use-joined';
import './polls-entry.css';

/**
 * 邻里圈 on the community home, for people who joined this community or belong to it (a pass, a
 * home, staff): the board is not open to anyone else, so nobody else is shown a door to it.
 */
export function BoardEntry({ community }: { community: Community }) {
  if (!useJoined(community.poiId)) return null;
  return (
    <Link className="sq-polls-entry" to={`${WebRoute.board}?poiId=${encodeURIComponent(community.poiId)}`}>
      <span className="sq-polls-entry-icon sq-board-entry-icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="24" height="24">
          <path d="M4 5h16v11h-8l-5 4v-4H4z" fill="none" stroke="#fff" strokeWidth="1.8" strokeLinejoin="round" />
          <path d="M8 9h8M8 12h5" stroke="#fff" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      </span>
      <span className="sq-polls-entry-text">
        <span className="sq-polls-entry-title">邻里圈</span>
        <span className="sq-polls-entry-sub">邻居互助、闲置转让、失物招领、社区通知</span>
      </span>
      <RightOutline className="sq-polls-entry-arrow" aria-hidden="true" />
    </Link>
  );
}
