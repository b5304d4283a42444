import Dialog from 'antd-mobile/es/components/dialog';
import Toast from 'antd-mobile/es/components/toast';
import { useComments, useDeleteComment } from '../api/comments';
import { CommentItem } from './comment-item';
import { LoadMore } from '../../../components/load-more';
import type { BoardCommentData } from './types';

interface Props {
  postId: string;
  count: number;
  canWrite: boolean;
  onReply: (comment: BoardCommentData) => void;
  onReport: (comment: BoardCommentData) => void;
}

/** A post's comments, oldest first, each with its replies one level in. */
export function Comments({ postId, count, canWrite, onReply, onReport }: Props) {
  const list = useComments(postId, true);
  const remove = useDeleteComment(postId);
  const threads = list.data?.pages.flatMap((p) => p.comments) ?? [];
  const confirmDelete = async (c: BoardCommentData) => {
    if (await Dialog.confirm({ content: '删除这条评论？', confirmText: '删除', cancelText: '取消' })) {
      remove.mutate(c.id, { onSuccess: () => Toast.show({ icon: 'success', content: '已删除' }) });
    }
  };
  const item = (c: BoardCommentData) => (
    <CommentItem comment={c} canWrite={canWrite} onReply={onReply} onDelete={(x) => void confirmDelete(x)} onReport={onReport} />
  );

  return (
    <section className="bd-comments" aria-labelledby="bd-comments-title">
      <h2 id="bd-comments-title" className="bd-comments-title">
        评论 {count > 0 ? count : ''}
      </h2>
      {list.isSuccess && threads.length === 0 && <p className="bd-comments-none">还没有评论{canWrite ? '，来说两句吧' : ''}</p>}
      {list.isError && <p className="bd-comments-none">评论没能打开，请稍后再试</p>}
      <ul className="bd-threads">
        {threads.map((t) => (
          <li key={t.id}>
            {item(t)}
            {t.replies.length > 0 && (
              <ul className="bd-replies">
                {t.replies.map((r) => (
                  <li key={r.id}>{item(r)}</li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
      {list.hasNextPage && <LoadMore hasMore loading={list.isFetchingNextPage} onMore={() => void list.fetchNextPage()} />}
    </section>
  );
}
