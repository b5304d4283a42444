import { Link } from 'react-router';
import { EVENT_KINDS, EVENT_KIND_NAMES } from '@sq/contract/events/event-rules';
import { useCurrentCommunityId } from '../../../lib/use-current-community';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useEventKinds, useEventList, useEventSettings, useStaffRole } from '../api/event-queries';
import { EventCard } from '../components/event-card';
import { NoEvents } from '../components/event-list';
import { EventsHeader, SearchIcon } from '../components/events-header';
import { EventsRefusal, NoCommunity } from '../components/events-refusal';
import { KindIcon } from '../components/kind-icon';
import { eventLinks } from '../lib/event-links';
import '../events.css';

/** How many upcoming events the home shows as big cards before 查看全部. */
const FIRST_CARDS = 3;

/**
 * /activity (社区活动): the community's event home – the next events as big cards, the kinds,
 * 我的活动, 社区相册 and 场地预约; 发起活动 for staff and, where allowed, residents.
 */
export function EventsHomePage() {
  useDocumentTitle('社区活动');
  const { poiId, settled } = useCurrentCommunityId();
  const upcoming = useEventList(poiId, 'upcoming', null);
  const kinds = useEventKinds(poiId);
  const settings = useEventSettings(poiId);
  const staff = useStaffRole(poiId);
  const isStaff = staff.data !== null && staff.data !== undefined;
  const canPublish = isStaff || settings.data?.residentsPropose === true;
  const first = upcoming.data?.pages[0]?.events.slice(0, FIRST_CARDS) ?? [];
  const count = (kind: string) => kinds.data?.kinds.find((k) => k.kind === kind)?.upcoming ?? 0;

  return (
    <main className="ev-page">
      <EventsHeader
        title="社区活动"
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
          <nav className="ev-entries" aria-label="活动入口">
            <Link className="ev-entry" to={eventLinks.mine()}>
              <span className="ev-entry-icon ev-entry-mine" aria-hidden="true">我</span>
              我的活动
            </Link>
            <Link className="ev-entry" to={eventLinks.albums(poiId)}>
              <span className="ev-entry-icon ev-entry-albums" aria-hidden="true">图</span>
              社区相册
            </Link>
            <Link className="ev-entry" to={eventLinks.spaces(poiId)}>
              <span className="ev-entry-icon ev-entry-spaces" aria-hidden="true">场</span>
              场地预约
            </Link>
            {isStaff && (
              <Link className="ev-entry" to={eventLinks.manage(poiId)}>
                <span className="ev-entry-icon ev-entry-manage" aria-hidden="true">管</span>
                活动管理
              </Link>
            )}
          </nav>

          {/* The kinds first: their tiles are known before any answer, so the next events arriving below them move nothing (CLS 0.30 when the kinds sat under the list). */}
          <section className="ev-section" aria-labelledby="ev-kinds">
            <div className="ev-section-head">
              <h2 id="ev-kinds">活动类型</h2>
              <Link className="ev-more" to={eventLinks.kinds()}>
                全部类型
              </Link>
            </div>
            <ul className="ev-kind-grid">
              {EVENT_KINDS.map((kind) => (
                <li key={kind}>
                  <Link className="ev-kind" to={eventLinks.list({ kind })}>
                    <KindIcon kind={kind} />
                    <span>{EVENT_KIND_NAMES[kind]}</span>
                    {/* Its line is kept while the counts load, so the tiles do not grow when they come. */}
                    <span className="ev-kind-count">{count(kind) > 0 ? `${count(kind)} 场` : '\u00a0'}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>

          <section className="ev-section" aria-labelledby="ev-next">
            <div className="ev-section-head">
              <h2 id="ev-next">即将开始</h2>
              <Link className="ev-more" to={eventLinks.list()}>
                全部活动
              </Link>
            </div>
            {upcoming.isError ? (
              <EventsRefusal error={upcoming.error} onRetry={() => void upcoming.refetch()} />
            ) : upcoming.isPending ? (
              <p className="ev-loading" aria-busy="true">
                正在加载活动…
              </p>
            ) : first.length === 0 ? (
              <NoEvents title="近期还没有活动">
                <Link className="ev-link" to={eventLinks.list({ when: 'past' })}>
                  看看往期活动
                </Link>
              </NoEvents>
            ) : (
              <ul className="ev-list">
                {first.map((e) => (
                  <li key={e.id}>
                    <EventCard event={e} big />
                  </li>
                ))}
              </ul>
            )}
          </section>

          {canPublish && (
            <Link className="ev-fab" to={eventLinks.publish(poiId)}>
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
              </svg>
              {isStaff ? '发布活动' : '发起活动'}
            </Link>
          )}
        </>
      )}
    </main>
  );
}
