import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import { hoursText, SPACE_MAX_SLOTS, SPACE_PURPOSE_MAX_CHARS } from '@sq/contract/spaces/space-rules';
import { ApiError } from '../../../lib/api-error';
import { showToast } from '../../../lib/toast';
import { useBook, useSpaceDay } from '../api/spaces';
import { dayText, hoursLines, timeOf } from '../lib';

const STATE_TEXT = { free: '可预约', taken: '已预约', mine: '我的预约', past: '已过' } as const;

/**
 * /area?id=: a space's rules, a day picker, the day's slots as big buttons and the booking. Tap
 * a free slot to pick it, tap the next ones to make it longer (consecutive only), then 预约.
 */
export function SpaceDay({ id }: { id: string }) {
  const [date, setDate] = useState<string | null>(null);
  const [picked, setPicked] = useState<number[]>([]);
  const [purpose, setPurpose] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const day = useSpaceDay(id, date);
  const book = useBook(id);

  if (day.error && !day.data) {
    return (
      <section className="sp-card" role="alert">
        <p className="sp-refusal">{day.error instanceof ApiError ? day.error.message : '网络不可用，请稍后重试'}</p>
        <Button block color="primary" size="large" onClick={() => void day.refetch()}>
          重试
        </Button>
      </section>
    );
  }
  if (!day.data) return <p className="sp-muted sp-pad" role="status">正在加载…</p>;
  const { space, slots, days } = day.data;

  const tap = (startsAt: number) => {
    setRefusal(null);
    const step = space.slotMinutes * 60;
    if (picked.includes(startsAt)) return setPicked(picked.filter((s) => s < startsAt));
    const first = picked[0];
    const last = picked[picked.length - 1];
    if (last !== undefined && startsAt === last + step && picked.length < SPACE_MAX_SLOTS) return setPicked([...picked, startsAt]);
    if (first !== undefined && startsAt === first - step && picked.length < SPACE_MAX_SLOTS) return setPicked([startsAt, ...picked]);
    setPicked([startsAt]);
  };

  const submit = async () => {
    setRefusal(null);
    try {
      const { booking } = await book.mutateAsync({ startsAt: picked[0]!, slots: picked.length, purpose });
      setPicked([]);
      setPurpose('');
      showToast(booking.status === 'pending' ? '已提交，等待工作人员审核' : '预约成功');
    } catch (e) {
      // The day is read again (the slot may be taken now): the choice starts over.
      setPicked([]);
      setRefusal(e instanceof ApiError ? e.message : '网络不可用，请稍后重试');
    }
  };

  const chosen = picked.length ? `${timeOf(picked[0]!)}–${timeOf(picked[picked.length - 1]! + space.slotMinutes * 60)}` : null;

  return (
    <>
      <section className="sp-card">
        <h2 className="sp-space-name">{space.name}</h2>
        {space.description && <p className="sp-text">{space.description}</p>}
        <ul className="sp-facts">
          {hoursLines(space.hours).map((l) => (
            <li key={l}>开放时间：{l}</li>
          ))}
          <li>每个时段 {hoursText(space.slotMinutes)}，可提前 {space.daysAhead} 天预约</li>
          {space.weeklyMinutes !== null && (
            <li>
              每人每周最多 {hoursText(space.weeklyMinutes)}（本周已约 {hoursText(day.data.weekUsed)}）
            </li>
          )}
          {space.needsApproval && <li>预约需工作人员审核</li>}
        </ul>
        {space.rules && (
          <details className="sp-rules">
            <summary>使用规则</summary>
            <p className="sp-text">{space.rules}</p>
          </details>
        )}
      </section>
      <section className="sp-card" aria-label="选择日期和时段">
        <div className="sp-days" role="tablist" aria-label="日期">
          {days.map((d, i) => (
            <button
              key={d}
              type="button"
              role="tab"
              aria-selected={d === day.data.date}
              className={`sp-day${d === day.data.date ? ' sp-day-on' : ''}`}
              onClick={() => (setDate(d), setPicked([]), setRefusal(null))}
            >
              <span>{i === 0 ? '今天' : i === 1 ? '明天' : dayText(d).split(' ')[1]}</span>
              <span className="sp-day-date">{dayText(d).split(' ')[0]}</span>
            </button>
          ))}
        </div>
        {slots.length === 0 ? (
          <p className="sp-muted sp-pad">当天不开放</p>
        ) : (
          <div className="sp-slots">
            {slots.map((s) => {
              const on = picked.includes(s.startsAt);
              return (
                <button
                  key={s.startsAt}
                  type="button"
                  className={`sp-slot sp-slot-${s.state}${on ? ' sp-slot-on' : ''}`}
                  disabled={s.state !== 'free'}
                  aria-pressed={on}
                  onClick={() => tap(s.startsAt)}
                >
                  <span className="sp-slot-time">
                    {timeOf(s.startsAt)}–{timeOf(s.endsAt)}
                  </span>
                  <span className="sp-slot-state">{on ? '已选' : STATE_TEXT[s.state]}</span>
                </button>
              );
            })}
          </div>
        )}
        {refusal && (
          <p className="sp-refusal" role="alert">
            {refusal}
          </p>
        )}
      </section>
      {chosen && (
        <div className="sp-bar">
          <Input className="sp-purpose" placeholder="用途（选填），如：合唱排练" maxLength={SPACE_PURPOSE_MAX_CHARS} value={purpose} onChange={setPurpose} aria-label="用途" />
          <Button block color="primary" size="large" loading={book.isPending} onClick={() => void submit()}>
            预约 {dayText(day.data.date)} {chosen}
          </Button>
        </div>
      )}
    </>
  );
}
