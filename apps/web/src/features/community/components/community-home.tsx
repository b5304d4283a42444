import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import { RightOutline } from 'antd-mobile-icons';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Community } from '@sq/contract/community/get-community';
import { WebRoute } from '@sq/contract/routes';
import { StorageKey } from '../../../lib/storage';
import { useStoredValue } from '../../../lib/use-stored-value';
import { InfoList, reviewStatusQuery, useStartCorrection } from '../../info';
import { OwnersVoteBanner, useWaitingOwnersVotes } from '../../polls';
import { EmptyState } from '../../../components/empty-state';
import { TabBar } from '../../../components/tab-bar';
import { PassEntry } from './pass-entry';
import { BoardEntry } from './board-entry';
import { EventsEntry } from './events-entry';
import { useJoined } from './use-joined';
import { ListLoading } from '../../../components/load-more';
import { PollsEntry } from './polls-entry';
import { ServiceGrid } from './service-grid';
import { Shortcuts } from './shortcuts';

type Tab = 'community' | 'street';
const TABS = [
  { key: 'community', title: '社区' },
  { key: 'street', title: '街道' },
] as const;

/** The community part of 社区首页 (under the map): the pass, shortcuts, contacts on tabs 社区 and 街道, 补充信息. */
export function CommunityHome({ community: c }: { community: Community }) {
  const [tab, setTab] = useState<Tab>('community');
  const token = useStoredValue(StorageKey.token);
  const startCorrection = useStartCorrection(c);
  const street = tab === 'street' && Boolean(c.streetId);
  const scope = street ? { streetId: c.streetId } : { poiId: c.poiId };
  const review = useQuery({ ...reviewStatusQuery(scope, token), enabled: Boolean(token) });
  const joined = useJoined(c.poiId);
  const votes = useWaitingOwnersVotes(c.poiId, Boolean(token));

  return (
    <>
      <PassEntry community={c} />
      {/* What is under the pass waits for the person's standing and their waiting votes: 邻里圈, 社区活动 and the vote banner appearing late pushed everything under them down (CLS 0.07–0.09). */}
      {joined === undefined || votes.pending ? (
        <ListLoading />
      ) : (
        <>
          <OwnersVoteBanner waiting={votes.waiting} />
          <BoardEntry community={c} />
          <EventsEntry community={c} />
          <PollsEntry community={c} />
          <Shortcuts community={c} />
          <ServiceGrid community={c} />
          {review.data?.canReview && review.data.pending > 0 && (
            <Link
              className="sq-home-review"
              to={`${WebRoute.communityInfo}?review=1&${street ? `streetId=${encodeURIComponent(c.streetId)}` : `poiId=${encodeURIComponent(c.poiId)}`}`}
            >
              有 {review.data.pending} 条{street ? '街道' : ''}信息待审核
              <RightOutline />
            </Link>
          )}
          <TabBar className="sq-home-tabs" label="联系信息" tabs={TABS} value={tab} onChange={setTab} />
          {tab === 'street' && !c.streetId ? (
            <EmptyState title="暂无数据~">暂未找到该社区所属街道的信息</EmptyState>
          ) : (
            <InfoList
              key={JSON.stringify(scope)}
              scope={scope}
              onCorrect={(info) => void startCorrection({ kind: 'correct', info, street })}
              onAdd={(typeId) => void startCorrection({ kind: 'add', typeId, street })}
            />
          )}
          <div className="sq-home-bottom">
            <Button block color="primary" shape="rounded" size="large" onClick={() => void startCorrection({ kind: 'add', street })}>
              补充信息
            </Button>
          </div>
        </>
      )}
    </>
  );
}
