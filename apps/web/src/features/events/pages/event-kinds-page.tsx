import { Link } from 'react-router';
import { EVENT_KINDS, EVENT_KIND_NAMES } from '@sq/contract/events/event-rules';
import { useCurrentCommunityId } from '../../../lib/use-current-community';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useEventKinds } from '../api/event-queries';
import { EventsHeader } from '../components/events-header';
import { EventsRefusal, NoCommunity } from '../components/events-refusal';
import { KindIcon } from '../components/kind-icon';
import { eventLinks } from '../lib/event-links';
import '../events.css';

/** What each kind holds, in a line a resident understands before tapping. */
const KIND_HINTS = {
  culture: '文艺演出、棋牌、运动比赛',
  family: '亲子手工、绘画、读书会',
  volunteer: '清洁家园、敬老助残、义务巡逻',
  health: '义诊、体检、健康咨询',
  lecture: '防诈骗、消防、政策宣讲',
  festival: '中秋、端午、春节联欢',
  other: '其他社区活动',
} as const;

/** /activity/kinds: the kinds, each with how many of its events are still to come. */
export function EventKindsPage() {
  useDocumentTitle('活动类型');
  const { poiId, settled } = useCurrentCommunityId();
  const kinds = useEventKinds(poiId);
  const count = (kind: string) => kinds.data?.kinds.find((k) => k.kind === kind)?.upcoming;

  return (
    <main className="ev-page">
      <EventsHeader title="活动类型" />
      {settled && !poiId ? (
        <NoCommunity />
      ) : kinds.isError ? (
        <EventsRefusal error={kinds.error} onRetry={() => void kinds.refetch()} />
      ) : (
        <ul className="ev-kind-rows" aria-busy={kinds.isPending}>
          {EVENT_KINDS.map((kind) => {
            const n = count(kind);
            return (
              <li key={kind}>
                <Link className="ev-kind-row" to={eventLinks.list({ kind })}>
                  <KindIcon kind={kind} />
                  <span className="ev-kind-row-text">
                    <span className="ev-kind-row-name">{EVENT_KIND_NAMES[kind]}</span>
                    <span className="ev-kind-row-hint">{KIND_HINTS[kind]}</span>
                  </span>
                  <span className="ev-kind-row-count">{n === undefined ? '' : n > 0 ? `${n} 场即将开始` : '暂无'}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </main>
  );
}
