import { Link, useSearchParams } from 'react-router';
import { EVENT_KINDS, EVENT_KIND_NAMES, EVENT_WHENS, EVENT_WHEN_NAMES, type EventKind, type EventWhen } from '@sq/contract/events/event-rules';
import { Refreshable } from '../../../components/refreshable';
import { useCurrentCommunityId } from '../../../lib/use-current-community';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useEventList } from '../api/event-queries';
import { EventList, NoEvents } from '../components/event-list';
import { EventsHeader, SearchIcon } from '../components/events-header';
import { NoCommunity } from '../components/events-refusal';
import { eventLinks } from '../lib/event-links';
import '../events.css';

const kindOf = (v: string | null): EventKind | null => (EVENT_KINDS.includes(v as EventKind) ? (v as EventKind) : null);
const whenOf = (v: string | null): EventWhen => (EVENT_WHENS.includes(v as EventWhen) ? (v as EventWhen) : 'upcoming');

const EMPTY: Record<EventWhen, string> = { upcoming: '近期还没有活动', week: '本周没有活动', past: '还没有结束的活动' };

/**
 * /activitylist: the community's events – 即将开始 / 本周 / 已结束 as tabs, the kinds as chips (both
 * kept in the address, so back from an event returns to the same list), pull to refresh, more on scroll.
 */
export function EventListPage() {
  const [params, setParams] = useSearchParams();
  const kind = kindOf(params.get('kind'));
  const when = whenOf(params.get('when'));
  useDocumentTitle(kind ? `${EVENT_KIND_NAMES[kind]}活动` : '活动列表');
  const { poiId, settled } = useCurrentCommunityId();
  const list = useEventList(poiId, when, kind);

  const set = (key: 'kind' | 'when', value: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );

  return (
    <main className="ev-page">
      <EventsHeader
        title={kind ? `${EVENT_KIND_NAMES[kind]}活动` : '活动列表'}
        right={
          <Link to={eventLinks.search()}>
            <SearchIcon />
            <span className="sq-visually-hidden">搜索活动</span>
          </Link>
        }
      />
      {settled && !poiId ? (
        <NoCommunity />
      ) : (
        <>
          <div className="ev-tabs" role="tablist" aria-label="时间">
            {EVENT_WHENS.map((w) => (
              <button key={w} type="button" role="tab" aria-selected={w === when} className="ev-tab" onClick={() => set('when', w === 'upcoming' ? null : w)}>
                {EVENT_WHEN_NAMES[w]}
              </button>
            ))}
          </div>
          <div className="ev-chips" role="group" aria-label="活动类型">
            <button type="button" className="ev-filter" aria-pressed={kind === null} onClick={() => set('kind', null)}>
              全部
            </button>
            {EVENT_KINDS.map((k) => (
              <button key={k} type="button" className="ev-filter" aria-pressed={kind === k} onClick={() => set('kind', k)}>
                {EVENT_KIND_NAMES[k]}
              </button>
            ))}
          </div>
          <Refreshable onRefresh={async () => void (await list.refetch())}>
            <div className="ev-list-wrap">
              <EventList query={list} empty={<NoEvents title={EMPTY[when]}>{kind ? '换个类型看看，或看看全部活动' : '有新活动时会出现在这里'}</NoEvents>} />
            </div>
          </Refreshable>
        </>
      )}
    </main>
  );
}
