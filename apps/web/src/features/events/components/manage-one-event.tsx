import { Link } from 'react-router';
import { ExportButton, ManageHeader } from '../../manage';
import { showToast } from '../../../lib/toast';
import { useCancelEvent } from '../api/event-actions';
import { useEvent, useStaffRole } from '../api/event-queries';
import { eventLinks } from '../lib/event-links';
import { eventPhase, PHASE_WORDS } from '../lib/event-state';
import { eventSpan } from '../lib/event-time';
import { EventsRefusal } from './events-refusal';
import { askReason } from './reason-dialog';
import { SignupRows } from './signup-rows';
import { WalkInForm } from './walk-in-form';

/**
 * 活动管理?id=: one event for its staff – counts, 扫码签到 (the gate's scanner in event mode),
 * edit, copy, cancel with a reason, the sign-up list with attendance and its .xlsx, walk-ins.
 */
export function ManageOneEvent({ id }: { id: string }) {
  const event = useEvent(id);
  const e = event.data;
  const role = useStaffRole(e?.poiId ?? null);
  const cancel = useCancelEvent(id);
  const header = (right?: React.ReactNode) => (
    <ManageHeader title="活动管理" subtitle={e ? e.title : '\u00a0'} fallback={eventLinks.manage(e?.poiId ?? null)} right={right} />
  );
  if (event.isError)
    return (
      <>
        {header()}
        <EventsRefusal error={event.error} onRetry={() => void event.refetch()} />
      </>
    );
  if (!e)
    return (
      <>
        {header()}
        <p className="ev-loading">正在加载…</p>
      </>
    );
  const phase = eventPhase(e);
  const live = e.status === 'published' && phase !== 'ended';
  const ask = async () => {
    const reason = await askReason('取消活动', '如：因天气原因改期，已报名的居民都会收到通知', '取消活动');
    if (reason) cancel.mutate(reason, { onSuccess: (r) => showToast(`活动已取消，已通知 ${r.told} 人`) });
  };
  return (
    <>
      {header(
        <ExportButton listPath={`/v1/manage/events/${encodeURIComponent(id)}/signups`} request={{ poiId: e.poiId }} isAdmin={role.data ?? undefined} what="报名名单" />,
      )}
      <section className="ev-box">
        <p>
          <span className={`ev-badge-inline ev-phase-${phase}`}>{PHASE_WORDS[phase]}</span> {eventSpan(e.startsAt, e.endsAt)}
        </p>
        <p className="ev-muted">{e.place}</p>
        <div className="ev-stats">
          <p>
            <span>
              <b>{e.confirmed}</b>/{e.capacity}
            </span>
            <span>已报名</span>
          </p>
          <p>
            <b>{e.waiting}</b>
            <span>候补</span>
          </p>
          <p>
            <b>{e.attended}</b>
            <span>已签到</span>
          </p>
        </div>
        <div className="ev-actions ev-actions-grid">
          {live && (
            <Link className="ev-button" to={eventLinks.scanner(e.poiId, e.id)}>
              扫码签到
            </Link>
          )}
          {live && (
            <Link className="ev-button ev-button-plain" to={eventLinks.door(e.id)}>
              现场签到码
            </Link>
          )}
          <Link className="ev-button ev-button-plain" to={eventLinks.detail(e.id)}>
            活动页面
          </Link>
          {live && phase !== 'running' && (
            <Link className="ev-button ev-button-plain" to={eventLinks.edit(e.id)}>
              修改
            </Link>
          )}
          <Link className="ev-button ev-button-plain" to={eventLinks.copy(e.id)}>
            复制活动
          </Link>
          {live && (
            <button type="button" className="ev-button ev-button-danger" disabled={cancel.isPending} onClick={() => void ask()}>
              取消活动
            </button>
          )}
        </div>
      </section>
      {live && <WalkInForm eventId={e.id} />}
      <SignupRows eventId={e.id} />
    </>
  );
}
