import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import Toast from 'antd-mobile/es/components/toast';
import { BoardMsg, MUTE_MAX_DAYS } from '@sq/contract/board/board-rules';
import { useMute } from '../api/mutes';
import { ReasonField } from './reason-field';
import { Sheet, SheetQuote } from './sheet';

const DAY_PRESETS = [1, 3, 7, 30] as const;
const PRESETS = ['多次发布广告', '辱骂、骚扰邻居', '发布虚假信息', '多次违反邻里圈规则'] as const;

export interface MuteTarget {
  openId: string;
  username: string;
  mobile: string;
}

/** 禁言: the person may still read the board but not post or comment here for N days. */
export function MuteSheet({ poiId, person, onClose }: { poiId: string; person: MuteTarget | null; onClose: () => void }) {
  return (
    <Sheet open={person !== null} title="禁言" onClose={onClose}>
      {person && <MuteForm key={person.openId} poiId={poiId} person={person} onClose={onClose} />}
    </Sheet>
  );
}

function MuteForm({ poiId, person, onClose }: { poiId: string; person: MuteTarget; onClose: () => void }) {
  // Kept as typed (an emptied box is not 0 days); checked on submit against the contract's range.
  const [typed, setTyped] = useState('7');
  const days = Number(typed);
  const setDays = (d: number) => setTyped(String(d));
  const [reason, setReason] = useState('');
  const mute = useMute(poiId);
  const submit = () => {
    if (!Number.isInteger(days) || days < 1 || days > MUTE_MAX_DAYS) return void Toast.show({ content: BoardMsg.muteDays });
    if (!reason.trim()) return void Toast.show({ content: BoardMsg.reason });
    mute.mutate(
      { openId: person.openId, days, reason: reason.trim() },
      { onSuccess: () => (Toast.show({ icon: 'success', content: `已禁言${days}天` }), onClose()) },
    );
  };
  return (
    <>
      <SheetQuote>
        {person.username} · <span className="bm-num">{person.mobile}</span>
      </SheetQuote>
      <p className="bm-field-label" id="bm-days-label">
        禁言天数
      </p>
      <div className="bm-presets" role="group" aria-labelledby="bm-days-label">
        {DAY_PRESETS.map((d) => (
          <button key={d} type="button" className={`bm-chip${days === d ? ' is-on' : ''}`} aria-pressed={days === d} onClick={() => setDays(d)}>
            {d}天
          </button>
        ))}
      </div>
      {/* A plain box rather than antd-mobile's Stepper, whose inner input cannot be given a name. */}
      <div className="bm-days">
        <span aria-hidden="true">其他天数</span>
        <Input aria-label={`禁言天数（1 – ${MUTE_MAX_DAYS}）`} type="number" inputMode="numeric" min={1} max={MUTE_MAX_DAYS} value={typed} onChange={setTyped} />
        <span aria-hidden="true">天</span>
      </div>
      <ReasonField label="禁言原因（本人会看到）" placeholder="请填写原因，本人会看到" value={reason} onChange={setReason} presets={PRESETS} />
      <div className="bm-sheet-actions">
        <Button shape="rounded" size="large" onClick={onClose}>
          取消
        </Button>
        <Button color="danger" shape="rounded" size="large" loading={mute.isPending} onClick={submit}>
          {Number.isInteger(days) && days > 0 ? `禁言${days}天` : '禁言'}
        </Button>
      </div>
    </>
  );
}
