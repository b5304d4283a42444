import { Link, useSearchParams } from 'react-router';
import { BOARD_KINDS, BoardMsg, type BoardKind } from '@sq/contract/board/board-rules';
import { useCurrentCommunityId } from '../../../lib/use-current-community';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useBoardFeed } from '../api/list-posts';
import { useBoardRules } from '../api/rules';
import { NoCommunity } from '../components/board-refusal';
import { BoardHeader } from '../components/board-header';
import { KindTabs } from '../components/kind-tabs';
import { NoPosts, PostList } from '../components/post-list';
import { Refreshable } from '../../../components/refreshable';
import { boardLinks } from '../lib/board-links';
import { useOwnOpenId } from '../lib/use-own-open-id';
import '../board.css';

const kindOf = (value: string | null): BoardKind | null => (BOARD_KINDS.includes(value as BoardKind) ? (value as BoardKind) : null);

/**
 * /stick (邻里圈): the community's board – pinned notices on top, then posts newest first, kinds as
 * tabs (kept in the address, so back from a post returns to the same tab), pull to refresh, 发帖.
 */
export function BoardPage() {
  useDocumentTitle('邻里圈');
  const [params, setParams] = useSearchParams();
  const kind = kindOf(params.get('kind'));
  const { poiId, settled } = useCurrentCommunityId();
  const feed = useBoardFeed(poiId, kind);
  const rules = useBoardRules(poiId);
  const ownOpenId = useOwnOpenId();

  const switchKind = (next: BoardKind | null) =>
    setParams(
      (p) => {
        const q = new URLSearchParams(p);
        if (next) q.set('kind', next);
        else q.delete('kind');
        return q;
      },
      { replace: true },
    );

  return (
    <main className="bd-page bd-feed">
      <BoardHeader ownOpenId={ownOpenId} />
      {settled && !poiId ? (
        <NoCommunity />
      ) : (
        <>
          <KindTabs value={kind} onChange={switchKind} />
          {rules.data && !rules.data.canPost && <p className="bd-reader-note">{BoardMsg.notMember}</p>}
          <Refreshable onRefresh={async () => void (await feed.refetch())}>
            <div className="bd-feed-list">
              <PostList
                query={feed}
                empty={
                  <NoPosts title="还没有帖子">
                    {rules.data?.canPost ? '点右下角“发帖”，和邻居们打个招呼吧' : '邻居们发的帖子会出现在这里'}
                  </NoPosts>
                }
              />
            </div>
          </Refreshable>
          {rules.data?.canPost && (
            <Link className="bd-fab" to={kind && kind !== 'notice' ? `${boardLinks.publish()}?kind=${kind}` : boardLinks.publish()}>
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
              </svg>
              发帖
            </Link>
          )}
        </>
      )}
    </main>
  );
}
