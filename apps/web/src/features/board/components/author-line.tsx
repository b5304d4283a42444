import { Link } from 'react-router';
import { BOARD_KIND_NAMES, type BoardKind } from '@sq/contract/board/board-rules';
import { boardLinks } from '../lib/board-links';
import { relativeTime } from '../lib/relative-time';
import { Avatar } from './avatar';
import type { BoardAuthor } from './types';

/** Avatar, screen name (to their posts), 工作人员 for staff, when, and the kind. */
export function AuthorLine({ author, createdAt, edited, kind, pinned }: { author: BoardAuthor; createdAt: number; edited: boolean; kind: BoardKind; pinned: boolean }) {
  return (
    <header className="bd-author">
      <Link to={boardLinks.person(author.openId)} className="bd-author-avatar" aria-label={`${author.username}的帖子`}>
        <Avatar author={author} />
      </Link>
      <div className="bd-author-text">
        <p className="bd-author-name">
          <Link to={boardLinks.person(author.openId)}>{author.username}</Link>
          {author.staff && <span className="bd-tag bd-tag-staff">工作人员</span>}
        </p>
        <p className="bd-author-meta">
          <time dateTime={new Date(createdAt * 1000).toISOString()}>{relativeTime(createdAt)}</time>
          {edited && ' · 已编辑'} · {BOARD_KIND_NAMES[kind]}
        </p>
      </div>
      {pinned && <span className="bd-tag bd-tag-pin">置顶</span>}
    </header>
  );
}
