import Button from 'antd-mobile/es/components/button';
import Dialog from 'antd-mobile/es/components/dialog';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import Toast from 'antd-mobile/es/components/toast';
import { AddOutline, RightOutline } from 'antd-mobile-icons';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useCurrentCommunityId } from '../../../lib/use-current-community';
import { NEIGHBOURS_LINK_AT, NEIGHBOURS_PAGE_SIZE, listUsersCall, type Neighbour } from '@sq/contract/community/list-users';
import { WebRoute } from '@sq/contract/routes';
import { callApi } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCommunity } from '../../../lib/community-queries';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import './neighbours-page.css';

const AVATAR_COLOURS = ['#16a34a', '#0ea5e9', '#f97316', '#8b5cf6', '#ec4899', '#14b8a6', '#eab308'];
/** The first screen shows this many neighbours plus the invite tile: a full 4-column grid. */
const PREVIEW = NEIGHBOURS_LINK_AT - 1;

function Avatar({ user }: { user: Neighbour }) {
  if (user.avatar) return <img className="sq-nb-avatar" src={user.avatar} alt="" />;
  // openId is '' for people who have not joined this community: the name picks the colour then.
  const colour = AVATAR_COLOURS[[...(user.openId || user.username)].reduce((sum, ch) => sum + ch.charCodeAt(0), 0) % AVATAR_COLOURS.length];
  return (
    <span className="sq-nb-avatar" style={{ background: colour }} aria-hidden="true">
      {[...user.username][0]}
    </span>
  );
}

/** 社区邻友 (/sqroom?poiid=…): who lives here, and an invitation for who does not yet. */
export function NeighboursPage() {
  const [params] = useSearchParams();
  const poiId = useCurrentCommunityId().poiId ?? '';
  const all = params.get('all') === '1';
  const community = useCommunity(poiId || null);
  useDocumentTitle('社区邻友');
  const users = useInfiniteQuery({
    queryKey: ['neighbours', poiId],
    enabled: Boolean(poiId),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => callApi(listUsersCall, { poiId, page: pageParam }, { signal }),
    getNextPageParam: (last, pages) => (last.users.length < NEIGHBOURS_PAGE_SIZE ? undefined : pages.length + 1),
  });

  const invite = async () => {
    const url = `${window.location.origin}${WebRoute.home}?poiId=${encodeURIComponent(poiId)}`;
    const text = `我在「${community.data?.community ?? '社区服务'}」，邀请你一起加入社区，查看物业、居委会联系方式和周边生活信息。`;
    if (navigator.share) {
      try {
        await navigator.share({ title: '邀请邻居', text, url });
        return;
      } catch {
        // Cancelled, or not allowed here: fall back to copying.
      }
    }
    try {
      await navigator.clipboard.writeText(`${text}${url}`);
      Toast.show({ content: '邀请链接已复制，快发给邻居吧' });
    } catch {
      void Dialog.alert({ title: '邀请邻居', content: `复制下面的链接发给邻居：${url}`, confirmText: '好的' });
    }
  };

  const total = users.data?.pages[0]?.total ?? 0;
  const list = users.data?.pages.flatMap((p) => p.users) ?? [];
  const shown = all ? list : list.slice(0, PREVIEW);

  return (
    <main className="sq-nb">
      <PageHeader title={all ? '全部社区邻友' : '社区邻友'} />
      <section className="sq-nb-card">
        <h1 className="sq-nb-title">{community.data?.community ?? ' '}</h1>
        <p className="sq-nb-count">{users.data ? `共 ${total} 位邻友` : ' '}</p>
        {users.isPending && poiId ? (
          <div className="sq-nb-loading" role="status" aria-label="加载中">
            <DotLoading color="primary" />
          </div>
        ) : (
          <>
            {total === 0 && <EmptyState>还没有邻居加入，邀请邻居一起来吧</EmptyState>}
            <ul className="sq-nb-grid" aria-label="邻友">
              {shown.map((u, i) => (
                <li key={u.openId || i} className="sq-nb-cell">
                  <Avatar user={u} />
                  <span className="sq-nb-name">{u.username}</span>
                </li>
              ))}
              <li className="sq-nb-cell">
                <button type="button" className="sq-nb-invite" onClick={() => void invite()} aria-label="邀请邻居">
                  <AddOutline />
                </button>
                <span className="sq-nb-name">邀请邻居</span>
              </li>
            </ul>
          </>
        )}
        {!all && total >= NEIGHBOURS_LINK_AT && (
          <Link className="sq-nb-all" to={`${WebRoute.neighbours}?poiid=${encodeURIComponent(poiId)}&all=1`}>
            查看全部社区邻友
            <RightOutline />
          </Link>
        )}
        {all && users.hasNextPage && (
          <Button block fill="none" loading={users.isFetchingNextPage} onClick={() => void users.fetchNextPage()}>
            加载更多
          </Button>
        )}
      </section>
    </main>
  );
}
