import Dialog from 'antd-mobile/es/components/dialog';
import type { EventDetail } from '@sq/contract/events/events';
import { showToast } from '../../../lib/toast';
import { useSecondValue } from '../../../lib/use-second';
import { useCancelSignup } from '../api/event-actions';
import { dayTime } from '../lib/event-time';
import { TicketQr } from '../../events-checkin';

/**
 * The person's own sign-up on /activitydetail: confirmed with the check-in QR, the place on the
 * waiting list, checked in; and 取消报名 until the cut-off (after it, who to ask).
 */
export function MySignupBox({ event: e }: { event: EventDetail }) {
  const cancel = useCancelSignup(e.id);
  // The phone's clock to the minute: the cut-off passing while the page is open hides 取消报名.
  const now = useSecondValue((ms) => Math.floor(ms / 60_000) * 60);
  const mine = e.mine;
  if (!mine || mine.status === 'cancelled') return null;
  const canCancel = now < e.cancelUntil && e.status === 'published' && !mine.checkedInAt;
  const ask = () =>
    void Dialog.confirm({
      title: '取消报名？',
      content: mine.status === 'confirmed' ? '取消后名额会让给候补的邻居。' : '取消后将退出候补。',
      confirmText: '取消报名',
      cancelText: '不取消',
      onConfirm: () => cancel.mutateAsync().then(() => showToast('已取消报名')),
    });

  return (
    <section className={`ev-box ev-mine-box ev-mine-${mine.status}`} aria-labelledby="ev-mine-title">
      {mine.status === 'confirmed' ? (
        <>
          <h2 id="ev-mine-title" className="ev-box-title">
            {mine.checkedInAt ? '已签到' : '报名成功'}
            {mine.companions > 0 && `（含同行 ${mine.companions} 人）`}
          </h2>
          {mine.checkedInAt ? (
            <p>签到时间：{dayTime(mine.checkedInAt)}</p>
          ) : e.ticket ? (
            <div className="ev-ticket">
              <TicketQr code={e.ticket} />
            </div>
          ) : null}
        </>
      ) : (
        <>
          <h2 id="ev-mine-title" className="ev-box-title">
            候补中 · 第 {mine.waitingPosition ?? '—'} 位
          </h2>
          <p>有人取消时按顺序自动递补，递补成功会通知您（消息、短信）。</p>
        </>
      )}
      {canCancel ? (
        <button type="button" className="ev-button ev-button-plain" disabled={cancel.isPending} onClick={ask}>
          取消报名
        </button>
      ) : (
        !mine.checkedInAt && now < e.startsAt && <p className="ev-muted">已过取消报名的截止时间（{dayTime(e.cancelUntil)}），如有变动请联系活动组织方</p>
      )}
      {canCancel && <p className="ev-muted">可在 {dayTime(e.cancelUntil)} 前取消</p>}
    </section>
  );
}
