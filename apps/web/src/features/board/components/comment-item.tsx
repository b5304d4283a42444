import { relativeTime } from '../lib/relative-time';
import { Avatar } from './avatar';
import { StatusNotice } from './status-notice';
import type { BoardCommentData } from './types';

interface Props {
  comment: BoardCommentData;
  canWrite: boolean;
  onReply: (comment: BoardCommentData) => void;
  onDelete: (comment: BoardCommentData) => void;
  onReport: (comment: BoardCommentData) => void;
}

/** One comment or reply: who, when, 回复 @name, the text, and what the reader may do with it. */
export function CommentItem({ comment: c, canWrite, onReply, onDelete, onReport }: Props) {
  return (
    <div className="bd-comment">
      <Avatar author={c.author} size={36} />
      <div className="bd-comment-main">
        <p className="bd-comment-who">
          <span className="bd-comment-name">{c.author.username}</span>
          {c.author.staff && <span className="bd-tag bd-tag-staff">工作人员</span>}
          <time className="bd-comment-time" dateTime={new Date(c.createdAt * 1000).toISOString()}>
            {relativeTime(c.createdAt)}
          </time>
        </p>
        <p className="bd-comment-text">
          {c.replyToUsername && <span className="bd-comment-to">回复 @{c.replyToUsername}：</span>}
          {c.text}
        </p>
        <StatusNotice status={c.status} notice={c.notice} />
        <div className="bd-comment-actions">
          {canWrite && c.status === 'visible' && (
            <button type="button" onClick={() => onReply(c)}>
              回复
            </button>
          )}
          {c.mine ? (
            <button type="button" onClick={() => onDelete(c)}>
              删除
            </button>
          ) : (
            <button type="button" onClick={() => onReport(c)}>
              举报
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
