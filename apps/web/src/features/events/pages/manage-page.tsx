import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { centreOf, IsAdmin, ManageHeader, MissingCommunity } from '../../manage';
import { communityQuery } from '../../../lib/community-queries';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useEventList, useStaffRole } from '../api/event-queries';
import { useProposals } from '../api/manage-queries';
import { EventSettings } from '../components/event-settings';
import { EventsRefusal } from '../components/events-refusal';
import { ManageEventRow } from '../components/manage-event-row';
import { ManageOneEvent } from '../components/manage-one-event';
import { Proposals } from '../components/proposals';
import { ListLoading, LoadMore } from '../../../components/load-more';
import { eventLinks } from '../lib/event-links';
import '../events.css';

type Tab = 'upcoming' | 'past' | 'proposals' | 'settings';
const TABS: { key: Tab; label: string }[] = [
  { key: 'upcoming', label: '进行中' },
  { key: 'past', label: '已结束' },
  { key: 'proposals', label: '待审核' },
  { key: 'settings', label: '设置' },
];

/** /activitymanage (staff, from 管理中心): ?poiId= the community's events, proposals, settings; ?id= one event. */
export function ManagePage() {
  useDocumentTitle('活动管理');
  const [params] = useSearchParams();
  const id = params.get('id');
  const poiId = params.get('poiId') ?? '';
  if (id) return <main className="ev-page ev-manage"><ManageOneEvent id={id} /></main>;
  return <main className="ev-page ev-manage">{poiId ? <ManageEvents poiId={poiId} /> : <MissingCommunity />}</main>;
}

function ManageEvents({ poiId }: { poiId: string }) {
  const [tab, setTab] = useState<Tab>('upcoming');
  const community = useQuery({ ...communityQuery(poiId), enabled: poiId !== '' });
  const list = useEventList(poiId, tab === 'past' ? 'past' : 'upcoming', null);
  const proposals = useProposals(poiId, true);
  const pending = proposals.data?.length ?? 0;
  const events = list.data?.pages.flatMap((p) => p.events) ?? [];
  const role = useStaffRole(poiId).data;
  // Settings are the administrators' and managers' (the server says so too); duty staff run events.
  const tabs = TABS.filter((t) => t.key !== 'settings' || role === IsAdmin.administrator || role === IsAdmin.manager);
  return (
    <>
      <ManageHeader
        title="活动管理"
        subtitle={community.data?.community ?? '\u00a0'}
        fallback={centreOf(poiId)}
        right={
          <Link className="mg-header-action" to={eventLinks.publish(poiId)}>
            发布
          </Link>
        }
      />
      <div className="ev-tabs" role="tablist" aria-label="活动管理">
        {tabs.map((t) => (
          <button key={t.key} type="button" role="tab" aria-selected={tab === t.key} className="ev-tab" onClick={() => setTab(t.key)}>
            {t.label}
            {t.key === 'proposals' && pending > 0 && <span className="ev-tab-count">{pending}</span>}
          </button>
        ))}
      </div>
      {tab === 'proposals' ? (
        <Proposals poiId={poiId} />
      ) : tab === 'settings' ? (
        <EventSettings poiId={poiId} />
      ) : list.isError ? (
        <EventsRefusal error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <>
          {list.isSuccess && events.length === 0 && (
            <p className="ev-empty-line">{tab === 'past' ? '还没有结束的活动' : '还没有活动，点右上角“发布”'}</p>
          )}
          <ul className="ev-manage-list">
            {events.map((e) => (
              <li key={e.id}>
                <ManageEventRow event={e} />
              </li>
            ))}
          </ul>
          {list.isPending ? <ListLoading /> : <LoadMore hasMore={list.hasNextPage} loading={list.isFetchingNextPage} onMore={() => void list.fetchNextPage()} />}
        </>
      )}
    </>
  );
}
