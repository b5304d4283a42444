import './invitation-card.css';
import type { ReactNode } from 'react';
import Button from 'antd-mobile/es/components/button';
import type { InvitationView } from '@sq/contract/visits/invitations';
import { VISIT_STATUS_LABEL, visitWindowText } from '@sq/contract/visits/visit-window';
import { beijingDateTime } from '@sq/contract/beijing-time';

const TONE: Record<InvitationView['status'], string> = { waiting: 'blue', open: 'green', used: 'grey', ended: 'grey', cancelled: 'red' };

interface Props {
  invitation: InvitationView;
  /** Extra lines (who invited, for staff). */
  children?: ReactNode;
  onCancel?: () => void;
  cancelling?: boolean;
  onCopy?: () => void;
}

/** One invitation: the visitor, the window, entries used, each entry and exit, and what may be done with it. */
export function InvitationCard({ invitation: v, children, onCancel, cancelling, onCopy }: Props) {
  const live = v.status !== 'ended' && v.status !== 'cancelled';
  return (
    <li className="inv-card" data-testid="invitation">
      <div className="inv-head">
        <span className="inv-name">{v.name}</span>
        <span className={`inv-tag inv-tag-${TONE[v.status]}`}>{VISIT_STATUS_LABEL[v.status]}</span>
      </div>
      <p className="inv-line">
        <span className="inv-label">来访时间</span>
        <span className="inv-value">{visitWindowText(new Date(v.start * 1000), new Date(v.end * 1000))}</span>
      </p>
      <p className="inv-line">
        <span className="inv-label">手机号</span>
        <span className="inv-value">
          <span className="inv-num">{v.mobile}</span>
          {v.plate && <span className="inv-plate">{v.plate}</span>}
        </span>
      </p>
      <p className="inv-line">
        <span className="inv-label">进入次数</span>
        <span className="inv-value">
          已进入 {v.entriesUsed} / {v.entries} 次
        </span>
      </p>
      {children}
      {v.scans.length > 0 && (
        <ol className="inv-scans" aria-label="到访记录">
          {v.scans.map((s) => (
            <li key={`${s.at}-${s.pass}`}>
              <span className={s.pass === 2 ? 'inv-out' : 'inv-in'}>{s.pass === 2 ? '离开' : '进入'}</span>
              <time>{beijingDateTime(new Date(s.at * 1000))}</time>
            </li>
          ))}
        </ol>
      )}
      {live && (onCopy || onCancel) && (
        <div className="inv-actions">
          {onCopy && (
            <Button size="middle" fill="outline" color="primary" onClick={onCopy}>
              复制通行证链接
            </Button>
          )}
          {onCancel && (
            <Button size="middle" fill="outline" color="danger" loading={cancelling} onClick={onCancel}>
              取消邀请
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
