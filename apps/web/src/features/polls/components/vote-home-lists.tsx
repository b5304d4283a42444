import Button from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import { Link } from 'react-router';
import { Code } from '@sq/contract/envelope';
import type { ResidentPollItem } from '@sq/contract/polls/list-polls';
import { WebRoute } from '@sq/contract/routes';
import { EmptyState } from '../../../components/empty-state';
import { ApiError } from '../../../lib/api-error';
import { useCommunityPolls } from '../api/list-community-polls';
import { useMyPolls } from '../api/list-polls';
import { PollListCard } from './poll-list-card';

function Loading() {
  return (
    <div className="vote-home-loading" role="status" aria-label="加载中">
      <DotLoading color="primary" />
    </div>
  );
}

interface Pages {
  polls: ResidentPollItem[];
  hasNextPage: boolean;
  isPending: boolean;
  fetchNextPage: () => Promise<unknown>;
}

function PollCards({ list, label }: { list: Pages; label: string }) {
  return (
    <>
      <ul className="vote-home-items" aria-label={label}>
        {list.polls.map((p) => (
          <li key={p._id}>
            <PollListCard poll={p} />
          </li>
        ))}
      </ul>
      <InfiniteScroll hasMore={list.hasNextPage || list.isPending} loadMore={async () => void (await list.fetchNextPage())}>
        {(hasMore) => (hasMore ? '加载中…' : '我已经到底了...')}
      </InfiniteScroll>
    </>
  );
}

/** 本小区: the community's polls and owners' votes, or why they cannot be shown and what to do. */
export function CommunityPolls({ poiId, settled, name }: { poiId: string | null; settled: boolean; name?: string }) {
  const query = useCommunityPolls(poiId, true);
  const polls = query.data?.pages.flatMap((p) => p.polls) ?? [];
  const waiting = polls.filter((p) => p.canVote).length;
  const open = polls.some((p) => !p.expired);

  if (!poiId) {
    if (!settled) return <Loading />;
    return (
      <EmptyState title="您还没有选择社区">
        <p>选择您所在的小区，查看本小区的投票</p>
        <Link className="vote-home-action" to={WebRoute.communityChooser}>
          选择社区
        </Link>
      </EmptyState>
    );
  }
  if (query.error instanceof ApiError && query.error.code === Code.forbidden) {
    return (
      <EmptyState title="您还不是本小区的居民">
        <p>出入登记审核通过后，就能查看和参与{name ?? '本小区'}的投票；业主表决仅限登记在册的业主。</p>
        <Link className="vote-home-action" to={`${WebRoute.register}?poiId=${encodeURIComponent(poiId)}`}>
          去出入登记
        </Link>
      </EmptyState>
    );
  }
  if (query.isError) {
    return (
      <EmptyState title="暂时无法加载">
        <p>请检查网络后重试</p>
        <Button className="vote-home-retry" color="primary" fill="outline" shape="rounded" onClick={() => void query.refetch()}>
          重新加载
        </Button>
      </EmptyState>
    );
  }
  if (query.isPending) return <Loading />;
  if (polls.length === 0) {
    return <EmptyState title="本小区还没有投票">点上面的「单选投票」或「多选投票」，发起第一个投票</EmptyState>;
  }
  return (
    <>
      <p className="vote-home-summary" role="status">
        {waiting > 0 ? `有 ${waiting} 个投票等您参与` : open ? '进行中的投票您都已参与' : '目前没有进行中的投票'}
      </p>
      <PollCards list={{ polls, hasNextPage: query.hasNextPage, isPending: query.isFetchingNextPage, fetchNextPage: query.fetchNextPage }} label="本小区的投票" />
    </>
  );
}

/** 我的投票: the polls I started or voted in (the list of /chiocelist). */
export function MyPolls() {
  const query = useMyPolls();
  const polls = query.data?.pages.flatMap((p) => p.polls) ?? [];
  if (query.isPending) return <Loading />;
  if (query.isError) {
    return (
      <EmptyState title="暂时无法加载">
        <Button className="vote-home-retry" color="primary" fill="outline" shape="rounded" onClick={() => void query.refetch()}>
          重新加载
        </Button>
      </EmptyState>
    );
  }
  if (polls.length === 0) return <EmptyState title="暂无数据~">您发起的和参与过的投票会出现在这里</EmptyState>;
  return <PollCards list={{ polls, hasNextPage: query.hasNextPage, isPending: query.isFetchingNextPage, fetchNextPage: query.fetchNextPage }} label="我的投票" />;
}
