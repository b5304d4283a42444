import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import Popup from 'antd-mobile/es/components/popup';
import Stepper from 'antd-mobile/es/components/stepper';
import { EventMsg, feeText, SIGNUP_NOTE_MAX_CHARS } from '@sq/contract/events/event-rules';
import type { EventDetail } from '@sq/contract/events/events';
import { showToast } from '../../../lib/toast';
import { useSignUp } from '../api/event-actions';
import { placesLeft } from '../lib/event-state';

const MOBILE = /^1\d{10}$/;

/**
 * 报名 (or 候补) as a sheet: companions (each takes a place), the mobile when the event asks for it,
 * a note; one big button. Said before sending: a full event puts the person on the waiting list.
 */
export function SignupSheet({ event: e, open, onClose }: { event: EventDetail; open: boolean; onClose: () => void }) {
  const [companions, setCompanions] = useState(0);
  const [mobile, setMobile] = useState('');
  const [note, setNote] = useState('');
  const signUp = useSignUp(e.id);
  const left = placesLeft(e);
  const waits = left < 1 + companions;

  const submit = () => {
    if (e.needsPhone && !MOBILE.test(mobile)) return showToast(mobile ? EventMsg.mobile : EventMsg.mobileRequired);
    signUp.mutate(
      { companions, mobile: e.needsPhone ? mobile : undefined, note: note.trim() },
      {
        onSuccess: ({ signup }) => {
          onClose();
          showToast(signup.status === 'confirmed' ? '报名成功' : `已进入候补，排第 ${signup.waitingPosition ?? 1} 位`);
        },
      },
    );
  };

  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName="ev-sheet" destroyOnClose>
      <h2 className="ev-sheet-title">{waits ? '候补报名' : '报名'}：{e.title}</h2>
      {e.maxCompanions > 0 && (
        <div className="ev-field ev-field-row">
          <span id="ev-companions">同行人数（如孩子、家人）</span>
          <Stepper aria-labelledby="ev-companions" min={0} max={e.maxCompanions} value={companions} onChange={(v) => setCompanions(v ?? 0)} />
        </div>
      )}
      {e.needsPhone && (
        <label className="ev-field">
          <span>手机号（本活动需要，仅组织方可见）</span>
          <input className="ev-input" type="tel" inputMode="numeric" maxLength={11} value={mobile} onChange={(x) => setMobile(x.target.value.replace(/\D/g, ''))} placeholder="请输入11位手机号" />
        </label>
      )}
      <label className="ev-field">
        <span>备注（选填）</span>
        <textarea className="ev-input" rows={2} maxLength={SIGNUP_NOTE_MAX_CHARS} value={note} onChange={(x) => setNote(x.target.value)} placeholder="如：孩子6岁" />
      </label>
      <p className="ev-sheet-note">
        费用：{feeText(e.feeFen)}
        {waits ? `。名额不足，提交后进入候补（前面有 ${e.waiting} 人），有人取消时按顺序自动递补并通知您。` : `。共占 ${1 + companions} 个名额。`}
      </p>
      <Button block color="primary" size="large" className="ev-sheet-submit" loading={signUp.isPending} onClick={submit}>
        {waits ? '确认候补' : '确认报名'}
      </Button>
      <Button block size="large" fill="none" onClick={onClose}>
        再想想
      </Button>
    </Popup>
  );
}
