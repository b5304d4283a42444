import { RightOutline } from 'antd-mobile-icons';
import { Link } from 'react-router';
import type { Community } from '@sq/contract/community/get-community';
import { WebRoute } from '@sq/contract/routes';
import { useJoined } from './use-joined';
import './polls-entry.css';

/** 社区活动 on the community home, for people who joined this community or belong to it (as 邻里圈). */
export function EventsEntry({ community }: { community: Community }) {
  if (!useJoined(community.poiId)) return null;
  return (
    <Link className="sq-polls-entry" to={`${WebRoute.events}?poiId=${encodeURIComponent(community.poiId)}`}>
      <span className="sq-polls-entry-icon sq-events-entry-icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="24" height="24">
          <rect x="4" y="5" width="16" height="15" rx="2" fill="none" stroke="#fff" strokeWidth="1.8" />
          <path d="M4 10h16M9 3v4M15 3v4M8 14h3" stroke="#fff" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      </span>
      <span className="sq-polls-entry-text">
        <span className="sq-polls-entry-title">社区活动</span>
        <span className="sq-polls-entry-sub">报名参加活动、社区相册、场地预约</span>
      </span>
      <RightOutline className="sq-polls-entry-arrow" aria-hidden="true" />
    </Link>
  );
}
