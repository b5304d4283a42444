import Button from 'antd-mobile/es/components/button';
import Dialog from 'antd-mobile/es/components/dialog';
import { BOOKING_STATUS_NAMES } from '@sq/contract/spaces/space-rules';
import type { MyBooking } from '@sq/contract/spaces/spaces';
import { showToast } from '../../../lib/toast';
import { useCancelBooking, useMyBookings } from '../api/spaces';
import { whenText } from '../lib';

/** 我的预约: the person's bookings that have not ended, each cancellable before it starts. */
export function MyBookings({ poiId, spaceId }: { poiId: string | null; spaceId?: string }) {
  const mine = useMyBookings(poiId);
  const cancel = useCancelBooking();
  const rows = (mine.data?.bookings ?? []).filter((b) => !spaceId || b.spaceId === spaceId);
  if (!mine.data) return null;

  const ask = async (b: MyBooking) => {
    const ok = await Dialog.confirm({ title: '取消预约', content: `确定取消「${b.spaceName}」${whenText(b.startsAt, b.endsAt)}的预约吗？`, confirmText: '取消预约', cancelText: '不取消' });
    if (!ok) return;
    await cancel.mutateAsync(b.id);
    showToast('已取消预约');
  };

  return (
    <section className="sp-card" aria-labelledby="sp-mine-title">
      <h2 id="sp-mine-title" className="sp-card-title">我的预约</h2>
      {rows.length === 0 ? (
        <p className="sp-muted">暂无预约</p>
      ) : (
        <ul className="sp-mine">
          {rows.map((b) => (
            <li key={b.id} className="sp-mine-item">
              <div>
                <p className="sp-mine-name">{b.spaceName}</p>
                <p className="sp-mine-when">{whenText(b.startsAt, b.endsAt)}</p>
                <p className={`sp-status sp-status-${b.status}`}>
                  {BOOKING_STATUS_NAMES[b.status]}
                  {b.reviewNote ? `：${b.reviewNote}` : ''}
                </p>
              </div>
              {b.canCancel && (
                <Button size="middle" fill="outline" color="danger" onClick={() => void ask(b)} loading={cancel.isPending && cancel.variables === b.id}>
                  取消
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
