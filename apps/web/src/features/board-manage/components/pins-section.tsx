import type { PostCard } from '@sq/contract/board/posts';
import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import { EmptyState } from '../../../components/empty-state';
import { LoadFailure } from '../../manage';
import { useFeedHead, useMarkUseful } from '../api/pins';
import { dateOf, kindLabel, timeOf } from '../lib/moderation-text';
import './sections.css';

/**
 * 置顶管理: the posts pinned now (修改截止日期, 取消置顶) and the latest posts, to pin one – a
 * notice staff just posted is usually the one to pin – and 标为有用 (its author earns member points).
 */
export function PinsSection({ poiId, onPin }: { poiId: string; onPin: (post: PostCard) => void }) {
  const feed = useFeedHead(poiId);
  const useful = useMarkUseful(poiId);
  const [marked, setMarked] = useState<ReadonlySet<string>>(new Set());
  const mark = (id: string) => useful.mutate(id, { onSuccess: () => setMarked((m) => new Set(m).add(id)) });
  const usefulButton = (post: PostCard) =>
    marked.has(post.id) ? (
      <span className="bm-post-until" role="status">
        已标为有用
      </span>
    ) : (
      <Button fill="outline" shape="rounded" loading={useful.isPending && useful.variables === post.id} onClick={() => mark(post.id)}>
        标为有用
      </Button>
    );
  if (feed.error) return <LoadFailure error={feed.error} onRetry={() => void feed.refetch()} />;
  if (!feed.data) return <p className="mg-loading" role="status">正在加载…</p>;
  const pinnedIds = new Set(feed.data.pinned.map((p) => p.id));
  const latest = feed.data.posts.filter((p) => !pinnedIds.has(p.id));
  return (
    <>
      <section className="mg-card" aria-labelledby="bm-pinned-title">
        <h2 className="mg-card-title" id="bm-pinned-title">
          置顶中（{feed.data.pinned.length}）
        </h2>
        {feed.data.pinned.length === 0 ? (
          <p className="bm-empty-line">没有置顶的帖子。在下方的最新帖子或待处理的帖子上点“置顶”。</p>
        ) : (
          <ul className="bm-posts">
            {feed.data.pinned.map((post) => (
              <PostLine key={post.id} post={post}>
                <p className="bm-post-until">置顶至 {dateOf(post.pinnedUntil!)}（含当天）</p>
                <Button fill="outline" shape="rounded" onClick={() => onPin(post)}>
                  修改截止日期 / 取消置顶
                </Button>
                {usefulButton(post)}
              </PostLine>
            ))}
          </ul>
        )}
      </section>
      <section className="mg-card" aria-labelledby="bm-latest-title">
        <h2 className="mg-card-title" id="bm-latest-title">
          最新帖子
        </h2>
        {latest.length === 0 ? (
          <EmptyState title="暂无帖子" />
        ) : (
          <ul className="bm-posts">
            {latest.map((post) => (
              <PostLine key={post.id} post={post}>
                <Button fill="outline" color="primary" shape="rounded" onClick={() => onPin(post)}>
                  置顶
                </Button>
                {usefulButton(post)}
              </PostLine>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function PostLine({ post, children }: { post: PostCard; children: React.ReactNode }) {
  return (
    <li className="bm-post">
      <div className="mg-row-head">
        <span className="mg-tag">{kindLabel(post.kind)}</span>
        <span className="bm-post-author">
          {post.author.username}
          {post.author.staff && '（工作人员）'}
        </span>
        <time className="mg-row-aside">{timeOf(post.createdAt)}</time>
      </div>
      <p className="bm-post-text">{post.text}</p>
      <div className="bm-post-actions">{children}</div>
    </li>
  );
}
