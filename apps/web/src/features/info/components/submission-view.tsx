import type { Info, Submission } from '@sq/contract/info/info-entry';
import './submission-view.css';

const STATUS = { 0: ['待审核', 'pending'], 1: ['已采纳', 'accepted'], [-1]: ['未采纳', 'rejected'] } as Record<number, [string, string]>;

const FIELDS: { key: keyof Info & keyof Submission; label: string }[] = [
  { key: 'typeName', label: '类别' },
  { key: 'department', label: '名称' },
  { key: 'contact', label: '电话' },
  { key: 'mapAddress', label: '地图位置' },
  { key: 'address', label: '详细地址' },
];

export function StatusTag({ status }: { status: number }) {
  const [text, tone] = STATUS[status] ?? ['未知', 'pending'];
  return <span className={`sq-status sq-status-${tone}`}>{text}</span>;
}

const beijingTime = (seconds: number) =>
  new Date(seconds * 1000).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false });

/**
 * One submission: for a correction the current entry and the proposal side by side with the
 * changed rows marked; for an addition just the proposal.
 */
export function SubmissionView({ submission, highlight, showSubmitter }: { submission: Submission; highlight?: boolean; showSubmitter?: boolean }) {
  const s = submission;
  const current = s.current;
  return (
    <article className={`sq-submission${highlight ? ' sq-submission-highlight' : ''}`} aria-label={`${s.kind === 'report' ? '纠错' : '补充'}：${s.department}`}>
      <header className="sq-submission-head">
        <span className="sq-submission-kind">{s.kind === 'report' ? '纠错' : '补充信息'}</span>
        {s.streetId && <span className="sq-submission-kind sq-submission-street">街道</span>}
        <span className="sq-submission-meta">
          {showSubmitter ? `${s.submitter} · ` : ''}
          {beijingTime(s.createdAt)}
        </span>
        <StatusTag status={s.status} />
      </header>
      <table className="sq-submission-table">
        {current && s.status === 0 && (
          <thead>
            <tr>
              <th scope="col" />
              <th scope="col">原信息</th>
              <th scope="col">修改为</th>
            </tr>
          </thead>
        )}
        <tbody>
          {FIELDS.map(({ key, label }) => {
            const proposed = String(s[key] ?? '') || '—';
            const was = current ? String(current[key] ?? '') || '—' : null;
            const changed = was !== null && was !== proposed;
            return (
              <tr key={key} className={changed ? 'sq-submission-changed' : ''}>
                <th scope="row">{label}</th>
                {was !== null && s.status === 0 && <td>{was}</td>}
                <td>{proposed}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </article>
  );
}
