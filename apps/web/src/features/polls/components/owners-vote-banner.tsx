import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { listCommunityPollsCall } from '@sq/contract/polls/calls';
import { WebRoute } from '@sq/contract/routes';
import { callApi } from '../../../lib/api-client';
import { timeLeft } from '../lib/time-left';
import './owners-vote-banner.css';

/**
 * 业主表决待投票 on the community home (issue 37 item 7): an owners' vote the person can cast now,
 * straight to its page – a vote that waits behind 社区投票 is easily missed. Nothing for a person
 * logged out, not a resident, or with nothing to cast.
 */
/** The owners' votes the person can cast now in the community; `pending` while the answer is on its way. */
export function useWaitingOwnersVotes(poiId: string, loggedIn: boolean) {
  const list = useQuery({
    queryKey: ['polls', 'community', poiId, 'first'],
    queryFn: ({ signal }) => callApi(listCommunityPollsCall, { poiId, page: 1 }, { signal, silent: true }),
    enabled: loggedIn,
    retry: false,
    staleTime: 30_000,
  });
  return { pending: list.isLoading, waiting: (list.data?.polls ?? []).filter((p) => p.owners && p.canVote) };
}

export function OwnersVoteBanner({ waiting }: { waiting: ReturnType<typeof useWaitingOwnersVotes>['waiting'] }) {
  // When the page opened: the time left is read at a glance, not counted down.
  const [now] = useState(() => Date.now());
  if (!waiting.length) return null;
  const first = waiting[0]!;
  return (
    <Link className="sq-owners-banner" to={`${WebRoute.poll}?id=${encodeURIComponent(first._id)}`}>
      <span className="sq-owners-banner-kicker">业主表决 · 待您投票{waiting.length > 1 ? `（共${waiting.length}项）` : ''}</span>
      <span className="sq-owners-banner-title">{first.title}</span>
      <span className="sq-owners-banner-go">
        {timeLeft(first.end_time, now)}，去投票 ›
      </span>
    </Link>
  );
}
