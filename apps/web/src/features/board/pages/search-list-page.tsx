import { Link, useSearchParams } from 'react-router';
import { BOARD_KIND_NAMES, BOARD_KINDS, type BoardKind } from '@sq/contract/board/board-rules';
import { WebRoute } from '@sq/contract/routes';
import { PageHeader } from '../../../components/page-header';
import { useCurrentCommunityId } from '../../../lib/use-current-community';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useBoardSearch } from '../api/list-posts';
import { NoCommunity } from '../components/board-refusal';
import { KindTabs } from '../components/kind-tabs';
import { NoPosts, PostList } from '../components/post-list';
import { boardLinks } from '../lib/board-links';
import '../board.css';

const kindOf = (value: string | null): BoardKind | null => (BOARD_KINDS.includes(value as BoardKind) ? (value as BoardKind) : null);

/**
 * /searchlist?keyword=&kind= (搜索结果): posts whose text or comments hold the keyword, the word
 * marked; no keyword lists the latest. The kind is a tab here too.
 */
export function SearchListPage() {
  const [params, setParams] = useSearchParams();
  const keyword = (params.get('keyword') ?? '').trim();
  const kind = kindOf(params.get('kind'));
  useDocumentTitle(keyword ? `搜索：${keyword}` : '最新帖子');
  const { poiId, settled } = useCurrentCommunityId();
  const results = useBoardSearch(poiId, keyword, kind);

  return (
    <main className="bd-page">
      <PageHeader heading title={keyword ? `“${keyword}”的结果` : '最新帖子'} />
      <Link className="bd-search-again" to={WebRoute.boardSearch}>
        <span>{keyword || '搜索帖子和评论'}</span>
        <span aria-hidden="true">修改</span>
      </Link>
      <KindTabs
        value={kind}
        label="按分类筛选"
        onChange={(next) => setParams((p) => new URLSearchParams({ ...Object.fromEntries(p), kind: next ?? '' }), { replace: true })}
      />
      {settled && !poiId ? (
        <NoCommunity />
      ) : (
        <div className="bd-page-list">
          <PostList
            query={results}
            keyword={keyword}
            empty={
              <NoPosts title={keyword ? `没有找到含“${keyword}”的帖子` : '还没有帖子'}>
                {kind ? `“${BOARD_KIND_NAMES[kind]}”里没有，` : ''}换个词试试，或
                <Link to={boardLinks.feed(poiId)}>回到邻里圈</Link>
              </NoPosts>
            }
          />
        </div>
      )}
    </main>
  );
}
