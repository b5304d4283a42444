import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import DatePickerView from 'antd-mobile/es/components/date-picker-view';
import Dialog from 'antd-mobile/es/components/dialog';
import Toast from 'antd-mobile/es/components/toast';
import { PIN_MAX_DAYS } from '@sq/contract/board/board-rules';
import { usePin } from '../api/pins';
import { dateOf } from '../lib/moderation-text';
import { clampDate, dateToLocal, localToDate, PIN_PRESETS, pinPreset, pinRange } from '../lib/pin-dates';
import { Sheet, SheetQuote } from './sheet';

export interface PinTarget {
  id: string;
  text: string;
  pinnedUntil: number | null;
}

const UNITS: Record<string, string> = { year: '年', month: '月', day: '日' };
const label = (type: string, data: number) => `${data}${UNITS[type] ?? ''}`;

/** 置顶 a post until the end of a Beijing day (tomorrow … PIN_MAX_DAYS ahead), change it, or 取消置顶. */
export function PinSheet({ poiId, post, onClose }: { poiId: string; post: PinTarget | null; onClose: () => void }) {
  return (
    <Sheet open={post !== null} title={post?.pinnedUntil ? '修改置顶' : '置顶帖子'} onClose={onClose}>
      {post && <PinForm key={post.id} poiId={poiId} post={post} onClose={onClose} />}
    </Sheet>
  );
}

function PinForm({ poiId, post, onClose }: { poiId: string; post: PinTarget; onClose: () => void }) {
  // Taken once when the sheet opens: "tomorrow" is the server's rule, read on the phone's clock.
  const [range] = useState(() => pinRange(new Date()));
  const [until, setUntil] = useState(() => clampDate(post.pinnedUntil ? dateOf(post.pinnedUntil) : pinPreset(new Date(), 7), range));
  const pin = usePin(poiId);

  const submit = () =>
    pin.mutate({ id: post.id, until }, { onSuccess: () => (Toast.show({ icon: 'success', content: `已置顶至${until}` }), onClose()) });
  const unpin = async () => {
    const yes = await Dialog.confirm({ title: '取消置顶？', content: '帖子回到按时间排列的位置。', confirmText: '取消置顶', cancelText: '不取消' });
    if (yes) pin.mutate({ id: post.id, until: null }, { onSuccess: () => (Toast.show({ icon: 'success', content: '已取消置顶' }), onClose()) });
  };

  return (
    <>
      <SheetQuote>{post.text}</SheetQuote>
      {post.pinnedUntil && <p className="bm-sheet-note">现置顶至 {dateOf(post.pinnedUntil)}（含当天）</p>}
      <p className="bm-field-label" id="bm-pin-label">
        置顶到
      </p>
      <div className="bm-presets" role="group" aria-labelledby="bm-pin-label">
        {PIN_PRESETS.map((d) => {
          const date = pinPreset(new Date(), d);
          return (
            <button key={d} type="button" className={`bm-chip${until === date ? ' is-on' : ''}`} aria-pressed={until === date} onClick={() => setUntil(date)}>
              {d}天
            </button>
          );
        })}
      </div>
      <div className="bm-picker" role="group" aria-label="置顶截止日期（北京时间）">
        <DatePickerView precision="day" min={dateToLocal(range.min)} max={dateToLocal(range.max)} value={dateToLocal(until)} onChange={(d) => setUntil(localToDate(d))} renderLabel={label} />
      </div>
      <p className="bm-sheet-note" aria-live="polite">
        置顶至 <strong>{until}</strong> 当天结束，最长{PIN_MAX_DAYS}天；到期自动取消。
      </p>
      <div className="bm-sheet-actions">
        {post.pinnedUntil ? (
          <Button shape="rounded" size="large" disabled={pin.isPending} onClick={() => void unpin()}>
            取消置顶
          </Button>
        ) : (
          <Button shape="rounded" size="large" onClick={onClose}>
            取消
          </Button>
        )}
        <Button color="primary" shape="rounded" size="large" loading={pin.isPending} onClick={submit}>
          {post.pinnedUntil ? '修改截止日期' : '确认置顶'}
        </Button>
      </div>
    </>
  );
}
