import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import Popup from 'antd-mobile/es/components/popup';
import TextArea from 'antd-mobile/es/components/text-area';
import { REASON_MAX } from '@sq/contract/pass/verify-registration';

interface Props {
  /** 退回 or 撤销, with the person's name for the title. */
  title: string;
  confirmText: string;
  /** The common reasons to pick from: the send-back ones in the words of the person's document, or the revocation ones. */
  reasons: readonly string[];
  visible: boolean;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}

/**
 * Why a registration is sent back or a pass revoked: one of the common reasons (each says what to
 * fix) or the staff member's own words. The person sees it on their form.
 */
export function ReasonPopup({ title, confirmText, reasons, visible, onClose, onConfirm }: Props) {
  const [reason, setReason] = useState('');
  const trimmed = reason.trim();
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="reason-popup" destroyOnClose afterClose={() => setReason('')}>
      <h2 className="reason-title">{title}</h2>
      <p className="reason-hint">请选择或填写原因，对方会看到并据此修改</p>
      <div className="reason-options" role="group" aria-label="常用原因">
        {reasons.map((r) => (
          <button key={r} type="button" className={`reason-option${reason === r ? ' reason-option-on' : ''}`} aria-pressed={reason === r} onClick={() => setReason(r)}>
            {r}
          </button>
        ))}
      </div>
      <label className="reason-label" htmlFor="reason-text">
        其他原因
      </label>
      <TextArea
        id="reason-text"
        className="reason-text"
        placeholder="或填写其他原因"
        value={reason}
        onChange={setReason}
        maxLength={REASON_MAX}
        showCount
        rows={2}
      />
      <div className="reason-actions">
        <Button block size="large" shape="rounded" onClick={onClose}>
          取消
        </Button>
        <Button block size="large" shape="rounded" color="danger" disabled={!trimmed} onClick={() => onConfirm(trimmed)}>
          {confirmText}
        </Button>
      </div>
    </Popup>
  );
}
