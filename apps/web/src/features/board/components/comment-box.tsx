import { useEffect, useRef, useState } from 'react';
import Toast from 'antd-mobile/es/components/toast';
import { COMMENT_MAX_CHARS } from '@sq/contract/board/board-rules';
import { useCreateComment } from '../api/comments';
import type { BoardCommentData } from './types';

/** The box at the foot of a post: a comment, or a reply to `replyTo` (回复 @name). */
export function CommentBox({ postId, replyTo, onDone }: { postId: string; replyTo: BoardCommentData | null; onDone: () => void }) {
  const [text, setText] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  const create = useCreateComment(postId);
  useEffect(() => {
    if (replyTo) input.current?.focus();
  }, [replyTo]);

  const send = () => {
    if (!text.trim()) return void Toast.show('请输入评论内容');
    create.mutate(
      { text: text.trim(), ...(replyTo ? { replyTo: replyTo.id } : {}) },
      {
        onSuccess: ({ comment }) => {
          setText('');
          onDone();
          // A held comment shows to its author with why; say it at once as well.
          Toast.show(comment.status === 'visible' ? { icon: 'success', content: '已发送' } : (comment.notice ?? '评论已提交，需审核后显示'));
        },
      },
    );
  };

  return (
    <form
      className="bd-comment-box"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      {replyTo && (
        <p className="bd-comment-box-to">
          回复 @{replyTo.author.username}
          <button type="button" onClick={onDone}>
            取消回复
          </button>
        </p>
      )}
      <div className="bd-comment-box-row">
        <label className="sq-visually-hidden" htmlFor="bd-comment-input">
          {replyTo ? `回复 ${replyTo.author.username}` : '写评论'}
        </label>
        <textarea
          id="bd-comment-input"
          ref={input}
          rows={1}
          maxLength={COMMENT_MAX_CHARS}
          value={text}
          placeholder={replyTo ? `回复 @${replyTo.author.username}` : '说点什么…'}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="bd-comment-send" disabled={create.isPending}>
          发送
        </button>
      </div>
    </form>
  );
}
