import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { WebRoute } from '@sq/contract/routes';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import { BoardMsg } from '@sq/contract/board/board-rules';
import { PageHeader } from '../../../components/page-header';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePost } from '../api/post';
import { usePostRefresh } from '../lib/use-post-refresh';
import { useBoardRules } from '../api/rules';
import { AuthorLine } from '../components/author-line';
import { BoardRefusal } from '../components/board-refusal';
import { CommentBox } from '../components/comment-box';
import { Comments } from '../components/comments';
import { Photos } from '../components/photos';
import { PostActions } from '../components/post-actions';
import { PostText } from '../components/post-text';
import { ReportSheet } from '../components/report-sheet';
import { SaleLine } from '../components/sale-line';
import { StatusNotice } from '../components/status-notice';
import type { BoardCommentData } from '../components/types';
import '../board.css';

/**
 * /stickdetail?id= (帖子详情): the post with its photos (full screen on a tap), like, comments with
 * one level of replies, share, 举报; the author's own 编辑/删除/标记已售出 and, when it is held or
 * removed, why. /detailRefresh?id= (the seed's refresh of a post) is this page after reading the
 * post again from the server; the address then becomes /stickdetail, in place in the history.
 */
export function PostPage() {
  useDocumentTitle('帖子详情');
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const refreshing = usePostRefresh(id, useLocation().pathname === WebRoute.boardPostRefresh);
  const query = usePost(refreshing ? '' : id);
  const post = query.data?.post;
  const rules = useBoardRules(post?.poiId ?? null);
  const canWrite = rules.data?.canPost ?? false;
  const [replyTo, setReplyTo] = useState<BoardCommentData | null>(null);
  const [report, setReport] = useState<{ kind: 'post' | 'comment'; id: string } | null>(null);
  const focusBox = () => document.getElementById('bd-comment-input')?.focus();

  return (
    <main className={`bd-detail${post && canWrite ? ' bd-detail-with-box' : ''}`}>
      <PageHeader heading title="帖子详情" />
      {!id ? (
        <p className="bd-reader-note">{BoardMsg.postNotFound}</p>
      ) : query.isError ? (
        <BoardRefusal error={query.error} onRetry={() => void query.refetch()} />
      ) : !post ? (
        <p className="bd-detail-loading" role="status">
          <DotLoading /> 正在打开帖子
        </p>
      ) : (
        <>
          <article className="bd-detail-post" aria-label={`${post.author.username}的帖子`}>
            <AuthorLine author={post.author} createdAt={post.createdAt} edited={post.editedAt !== null} kind={post.kind} pinned={post.pinnedUntil !== null} />
            <StatusNotice status={post.status} notice={post.notice} />
            <div className="bd-detail-text">
              <PostText text={post.text} clamp={false} />
            </div>
            {post.kind === 'sale' && <SaleLine priceFen={post.priceFen} sold={post.sold} />}
            <Photos images={post.images} label={post.author.username} />
            <PostActions post={post} canWrite={canWrite} onComment={focusBox} onReport={() => setReport({ kind: 'post', id: post.id })} />
          </article>
          {rules.data && !canWrite && <p className="bd-reader-note">{BoardMsg.notMember}</p>}
          <Comments
            postId={post.id}
            count={post.comments}
            canWrite={canWrite}
            onReply={setReplyTo}
            onReport={(c) => setReport({ kind: 'comment', id: c.id })}
          />
          {canWrite && post.status === 'visible' && <CommentBox postId={post.id} replyTo={replyTo} onDone={() => setReplyTo(null)} />}
          <ReportSheet target={report} onClose={() => setReport(null)} />
        </>
      )}
    </main>
  );
}
