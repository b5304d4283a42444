import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import Dialog from 'antd-mobile/es/components/dialog';
import Input from 'antd-mobile/es/components/input';
import { addDays } from '@sq/contract/beijing-time';
import { BOOKING_STATUS_NAMES } from '@sq/contract/spaces/space-rules';
import type { BookingRow } from '@sq/contract/spaces/spaces';
import { EmptyState } from '../../../components/empty-state';
import { ApiError } from '../../../lib/api-error';
import { showToast } from '../../../lib/toast';
import { LoadFailure } from '../../manage';
import { useCancelBookingByStaff, useDayBookings, useReviewBooking } from '../api/spaces';
import { dayText, whenText } from '../lib';

/** Staff: the day's bookings with who (screen name, masked mobile), or (`pending`) every booking waiting for approval. */
export function DayBookings({ poiId, today, pending }: { poiId: string; today: string; pending: boolean }) {
  const [date, setDate] = useState(today);
  // The page's opening time: a booking over by then shows no 取消预约 (the server refuses it anyway).
  const [openedAt] = useState(() => Date.now() / 1000);
  const list = useDayBookings(poiId, date, pending);
  const review = useReviewBooking();
  const approve = async (b: BookingRow) => {
    await review.mutateAsync({ poiId, id: b.id, approve: true });
    showToast('已通过');
  };
  const reject = async (b: BookingRow) => {
    let note = '';
    const ok = await Dialog.confirm({
      title: '不通过',
      content: <Input placeholder="请填写原因（会告知预约人）" onChange={(v) => (note = v)} aria-label="原因" />,
      confirmText: '不通过',
      cancelText: '返回',
    });
    if (!ok) return;
    await review.mutateAsync({ poiId, id: b.id, approve: false, note });
    showToast('已告知预约人');
  };

  const cancelling = useCancelBookingByStaff();
  const cancel = async (b: BookingRow) => {
    let note = '';
    const ok = await Dialog.confirm({
      title: '取消预约',
      content: <Input placeholder="请填写取消原因（会告知预约人）" onChange={(v) => (note = v)} aria-label="取消原因" />,
      confirmText: '取消预约',
      cancelText: '返回',
    });
    if (!ok) return;
    if (!note.trim()) return showToast('请填写取消原因');
    try {
      await cancelling.mutateAsync({ poiId, id: b.id, note });
      showToast('已取消，已告知预约人');
    } catch (e) {
      showToast(e instanceof ApiError ? e.message : '取消失败，请检查网络后重试');
    }
  };
  return (
    <section className="sp-card" aria-label={pending ? '待审核' : '当天预约'}>
      {!pending && (
        <div className="sp-actions">
          <Button size="middle" onClick={() => setDate(addDays(date, -1))}>前一天</Button>
          <span className="sp-day-title">{dayText(date)}</span>
          <Button size="middle" onClick={() => setDate(addDays(date, 1))}>后一天</Button>
        </div>
      )}
      {list.error && !list.data ? (
        <LoadFailure error={list.error} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <p className="sp-muted sp-pad" role="status">正在加载…</p>
      ) : list.data.bookings.length === 0 ? (
        <EmptyState title={pending ? '没有待审核的预约' : '当天没有预约'} />
      ) : (
        <ul className="sp-mine">
          {list.data.bookings.map((b) => (
            <li key={b.id} className="sp-row">
              <div>
                <p className="sp-mine-name">{b.spaceName}</p>
                <p className="sp-mine-when">{whenText(b.startsAt, b.endsAt)}</p>
                <p className="sp-muted">{b.event ? `活动：${b.event.title}` : b.person ? `${b.person.name} ${b.person.mobile}` : '—'}</p>
                {b.purpose && <p className="sp-muted">用途：{b.purpose}</p>}
                <p className={`sp-status sp-status-${b.status}`}>{BOOKING_STATUS_NAMES[b.status]}</p>
                {b.status === 'pending' && (
                  <div className="sp-actions">
                    <Button size="middle" color="primary" onClick={() => void approve(b)}>通过</Button>
                    <Button size="middle" color="danger" fill="outline" onClick={() => void reject(b)}>不通过</Button>
                  </div>
                )}
                {b.status === 'approved' && !b.event && b.endsAt > openedAt && (
                  <div className="sp-actions">
                    <Button size="middle" color="danger" fill="outline" onClick={() => void cancel(b)}>取消预约</Button>
                  </div>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
