import { useState } from 'react';
import { SIGNUP_STATUSES, SIGNUP_STATUS_NAMES, type CheckinVia, type SignupStatus } from '@sq/contract/events/event-rules';
import { ListLoading, LoadMore } from '../../../components/load-more';
import { useSignups } from '../api/manage-queries';
import { dayTime } from '../lib/event-time';
import { EventsRefusal } from './events-refusal';

const VIA: Record<CheckinVia, string> = { scan: '扫码', offline: '离线扫码', door: '现场码', walkIn: '现场登记' };

/** The event's sign-ups with attendance and the waiting list (staff), filtered by state. */
export function SignupRows({ eventId }: { eventId: string }) {
  const [status, setStatus] = useState<SignupStatus | null>(null);
  const list = useSignups(eventId, status);
  const counts = list.data?.pages[0]?.counts;
  const rows = list.data?.pages.flatMap((p) => p.signups) ?? [];
  return (
    <section className="ev-box" aria-labelledby="ev-signups-title">
      <h2 id="ev-signups-title" className="ev-box-title">
        报名名单
      </h2>
      {counts && (
        <p className="ev-counts">
          已报名 <b>{counts.confirmed}</b> · 候补 <b>{counts.waiting}</b> · 已签到 <b>{counts.attended}</b> · 已取消 {counts.cancelled}
        </p>
      )}
      <div className="ev-chips ev-chips-wrap" role="group" aria-label="报名状态">
        <button type="button" className="ev-filter" aria-pressed={status === null} onClick={() => setStatus(null)}>
          全部
        </button>
        {SIGNUP_STATUSES.map((s) => (
          <button key={s} type="button" className="ev-filter" aria-pressed={status === s} onClick={() => setStatus(s)}>
            {SIGNUP_STATUS_NAMES[s]}
          </button>
        ))}
      </div>
      {list.isError ? (
        <EventsRefusal error={list.error} onRetry={() => void list.refetch()} />
      ) : list.isSuccess && rows.length === 0 ? (
        <p className="ev-empty-line">还没有人报名</p>
      ) : (
        <ul className="ev-signups" aria-busy={list.isPending}>
          {rows.map((r) => (
            <li key={r.id} className="ev-signup">
              <span className="ev-signup-name">
                {r.name}
                {r.companions > 0 && <span className="ev-muted"> +{r.companions}</span>}
                {r.walkIn && <span className="ev-badge-inline ev-phase-running">现场</span>}
              </span>
              <span className={`ev-signup-state ev-mine-${r.status}`}>
                {r.checkedInAt
                  ? `已签到（${VIA[r.via ?? 'scan']}）`
                  : r.status === 'waiting'
                    ? `候补第 ${r.waitingPosition ?? '—'} 位`
                    : SIGNUP_STATUS_NAMES[r.status]}
              </span>
              <span className="ev-muted ev-signup-meta">
                {r.mobile && `${r.mobile} · `}
                {dayTime(r.checkedInAt ?? r.createdAt)}
                {r.note && ` · ${r.note}`}
              </span>
            </li>
          ))}
        </ul>
      )}
      {list.isPending ? <ListLoading /> : <LoadMore hasMore={list.hasNextPage} loading={list.isFetchingNextPage} onMore={() => void list.fetchNextPage()} />}
    </section>
  );
}
