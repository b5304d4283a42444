import Dialog from 'antd-mobile/es/components/dialog';
import Toast from 'antd-mobile/es/components/toast';
import { useNavigate } from 'react-router';
import { useDeletePost, useLikePost, useMarkSold, type PostDetail } from '../api/post';
import { boardLinks } from '../lib/board-links';
import { shareLink } from '../../../lib/share';
import { CommentIcon, HeartIcon } from './post-card';

/** Under a post: 赞, 评论, 分享, 举报; the author's own 编辑, 标记已售出, 删除. */
export function PostActions({ post, canWrite, onComment, onReport }: { post: PostDetail; canWrite: boolean; onComment: () => void; onReport: () => void }) {
  const navigate = useNavigate();
  const like = useLikePost(post.id);
  const sold = useMarkSold(post.id);
  const remove = useDeletePost(post.id);
  const visible = post.status === 'visible';

  const confirmDelete = async () => {
    if (!(await Dialog.confirm({ content: '删除后邻居们将看不到这条帖子，确定删除？', confirmText: '删除', cancelText: '取消' }))) return;
    remove.mutate(undefined, {
      onSuccess: () => {
        Toast.show({ icon: 'success', content: '已删除' });
        navigate(boardLinks.feed(post.poiId), { replace: true });
      },
    });
  };
  const share = () => void shareLink(new URL(boardLinks.post(post.id), window.location.origin).href, `邻里圈 · ${post.text.slice(0, 20)}`);

  return (
    <>
      <div className="bd-actions">
        <button type="button" aria-pressed={post.liked} disabled={!visible || !canWrite || like.isPending} onClick={() => like.mutate(!post.liked)}>
          <HeartIcon filled={post.liked} />
          <span>{post.liked ? '已赞' : '赞'} {post.likes > 0 ? post.likes : ''}</span>
        </button>
        <button type="button" disabled={!visible || !canWrite} onClick={onComment}>
          <CommentIcon />
          <span>评论 {post.comments > 0 ? post.comments : ''}</span>
        </button>
        <button type="button" disabled={!visible} onClick={share}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d="M14 5l6 6-6 6M20 11H9a5 5 0 0 0-5 5v3" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          <span>分享</span>
        </button>
        {!post.mine && (
          <button type="button" onClick={onReport}>
            <span>举报</span>
          </button>
        )}
      </div>
      {post.mine && post.status !== 'deleted' && (
        <div className="bd-own-actions">
          <button type="button" onClick={() => navigate(boardLinks.publish(post.id))}>
            编辑
          </button>
          {post.kind === 'sale' && (
            <button type="button" disabled={sold.isPending} onClick={() => sold.mutate(!post.sold)}>
              {post.sold ? '重新上架' : '标记已售出'}
            </button>
          )}
          <button type="button" className="bd-danger" disabled={remove.isPending} onClick={() => void confirmDelete()}>
            删除
          </button>
        </div>
      )}
    </>
  );
}
