import { RightOutline } from 'antd-mobile-icons';
import { Link } from 'react-router';
import type { Community } from '@sq/contract/community/get-community';
import { WebRoute } from '@sq/contract/routes';
import './polls-entry.css';

/**
 * 社区投票 on the community home: the residents' way to the community's polls and owners' votes
 * (/vote); before, a poll was reached only from a shared link or the management centre.
 */
export function PollsEntry({ community }: { community: Community }) {
  return (
    <Link className="sq-polls-entry" to={`${WebRoute.vote}?poiId=${encodeURIComponent(community.poiId)}`}>
      <span className="sq-polls-entry-icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="24" height="24">
          <path d="M4 13h16v7H4zM8 13V5h8v8M10.5 9l1.5 1.5 3-3" fill="none" stroke="#fff" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </span>
      <span className="sq-polls-entry-text">
        <span className="sq-polls-entry-title">社区投票</span>
        <span className="sq-polls-entry-sub">参与小区投票和业主表决</span>
      </span>
      <RightOutline className="sq-polls-entry-arrow" aria-hidden="true" />
    </Link>
  );
}
