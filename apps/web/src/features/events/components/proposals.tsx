import { Link } from 'react-router';
import { EVENT_KIND_NAMES } from '@sq/contract/events/event-rules';
import { showToast } from '../../../lib/toast';
import { useReviewEvent } from '../api/event-actions';
import { useProposals } from '../api/manage-queries';
import { eventLinks } from '../lib/event-links';
import { dayTime, eventSpan } from '../lib/event-time';
import { EventsRefusal } from './events-refusal';
import { askReason } from './reason-dialog';

/** 活动管理 → 待审核: residents' proposals, each with 通过 / 不通过 (with a reason its proposer reads). */
export function Proposals({ poiId }: { poiId: string }) {
  const proposals = useProposals(poiId, true);
  const review = useReviewEvent();
  if (proposals.isError) return <EventsRefusal error={proposals.error} onRetry={() => void proposals.refetch()} />;
  if (!proposals.data) return <p className="ev-loading">正在加载…</p>;
  if (proposals.data.length === 0) return <p className="ev-empty-line">没有待审核的居民活动</p>;
  const reject = async (id: string) => {
    const reason = await askReason('不通过的原因', '如：时间与社区其他活动冲突', '不通过');
    if (reason) review.mutate({ id, approve: false, reason }, { onSuccess: () => showToast('已退回，发起人会收到原因') });
  };
  return (
    <ul className="ev-manage-list">
      {proposals.data.map((p) => (
        <li key={p.id} className="ev-box">
          <Link className="ev-link" to={eventLinks.detail(p.id)}>
            {p.title}
          </Link>
          <p className="ev-muted">
            {EVENT_KIND_NAMES[p.kind]} · {eventSpan(p.startsAt, p.endsAt)} · {p.place}
          </p>
          <p className="ev-muted">
            居民 {p.proposer} 于 {dayTime(p.createdAt)} 发起 · 名额 {p.capacity}
          </p>
          <div className="ev-actions">
            <button
              type="button"
              className="ev-button"
              disabled={review.isPending}
              onClick={() => review.mutate({ id: p.id, approve: true }, { onSuccess: () => showToast('已通过，活动已发布') })}
            >
              通过
            </button>
            <button type="button" className="ev-button ev-button-plain" disabled={review.isPending} onClick={() => void reject(p.id)}>
              不通过
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
