import { Link } from 'react-router';
import { BOARD_KIND_NAMES, type BoardKind } from '@sq/contract/board/board-rules';
import { boardLinks } from '../lib/board-links';
import { relativeTime } from '../lib/relative-time';
import { Avatar } from './avatar';
import type { BoardAuthor } from './types';

/**
 * Avatar and screen name as one link to their posts (one large target, not two small ones),
 * 工作人员 for staff, when, and the kind.
 */
export function AuthorLine({ author, createdAt, edited, kind, pinned }: { author: BoardAuthor; createdAt: number; edited: boolean; kind: BoardKind; pinned: boolean }) {
  return (
    <header className="bd-author">
      <Link to={boardLinks.person(author.openId)} className="bd-author-who">
        <Avatar author={author} />
        <span className="bd-author-name">{author.username}</span>
      </Link>
      <div className="bd-author-text">
        {author.staff && <span className="bd-tag bd-tag-staff">工作人员</span>}
        <p className="bd-author-meta">
          <time dateTime={new Date(createdAt * 1000).toISOString()}>{relativeTime(createdAt)}</time>
          {edited && ' · 已编辑'} · {BOARD_KIND_NAMES[kind]}
        </p>
      </div>
      {pinned && <span className="bd-tag bd-tag-pin">置顶</span>}
    </header>
  );
}
