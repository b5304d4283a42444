import { useState } from 'react';
import { EVENT_MAX_COMPANIONS, EventMsg, WALK_IN_NAME_MAX_CHARS } from '@sq/contract/events/event-rules';
import { showToast } from '../../../lib/toast';
import { useAddWalkIn } from '../api/event-actions';

/** 现场补登记: a late sign-up at the door, written down by staff and counted as attended at once. */
export function WalkInForm({ eventId }: { eventId: string }) {
  const [name, setName] = useState('');
  const [companions, setCompanions] = useState(0);
  const add = useAddWalkIn(eventId);
  return (
    <form
      className="ev-box ev-walkin"
      aria-labelledby="ev-walkin-title"
      onSubmit={(e) => {
        e.preventDefault();
        if (!name.trim()) return showToast(EventMsg.walkInName);
        add.mutate(
          { name: name.trim(), companions },
          {
            onSuccess: (r) => {
              showToast(`已登记，现场签到 ${r.attended} 人`);
              setName('');
              setCompanions(0);
            },
          },
        );
      }}
    >
      <h2 id="ev-walkin-title" className="ev-box-title">
        现场补登记
      </h2>
      <label className="ev-field">
        <span>姓名</span>
        <input className="ev-input" maxLength={WALK_IN_NAME_MAX_CHARS} value={name} onChange={(e) => setName(e.target.value)} placeholder="如：王阿姨" />
      </label>
      <label className="ev-field">
        <span>同行人数</span>
        <select className="ev-input" value={companions} onChange={(e) => setCompanions(Number(e.target.value))}>
          {Array.from({ length: EVENT_MAX_COMPANIONS + 1 }, (_, n) => (
            <option key={n} value={n}>
              {n} 人
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="ev-button" disabled={add.isPending}>
        登记并签到
      </button>
    </form>
  );
}
