import { Link } from 'react-router';
import { boardLinks } from '../lib/board-links';
import { AuthorLine } from './author-line';
import { Photos } from './photos';
import { PostText } from './post-text';
import { SaleLine } from './sale-line';
import { StatusNotice } from './status-notice';
import type { PostCardData } from './types';

/** One post in a list: who and when, the text (clamped), thumbnails, price, likes and comments. */
export function PostCard({ post, keyword }: { post: PostCardData; keyword?: string }) {
  const link = boardLinks.post(post.id);
  return (
    <article className="bd-card" aria-labelledby={`bd-card-${post.id}`}>
      <AuthorLine author={post.author} createdAt={post.createdAt} edited={post.editedAt !== null} kind={post.kind} pinned={post.pinnedUntil !== null} />
      <StatusNotice status={post.status} notice={post.notice} />
      <PostText text={post.text} clamp keyword={keyword} link={link} id={`bd-card-${post.id}`} />
      {post.kind === 'sale' && <SaleLine priceFen={post.priceFen} sold={post.sold} />}
      <Photos images={post.images} label={post.author.username} />
      <footer className="bd-card-foot">
        <Link to={link} className="bd-count">
          <span>
            <HeartIcon filled={post.liked} /> {post.likes}
            <span className="sq-visually-hidden">个赞</span>
          </span>
          <span>
            <CommentIcon /> {post.comments}
            <span className="sq-visually-hidden">条评论</span>
          </span>
        </Link>
      </footer>
    </article>
  );
}

export function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" className={filled ? 'bd-heart-on' : undefined}>
      <path
        d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function CommentIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path d="M4 5h16v11H9l-5 4z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
    </svg>
  );
}
