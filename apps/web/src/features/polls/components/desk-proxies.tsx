import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import { WITHDRAWN } from '@sq/contract/polls/paper-proxy-calls';
import type { EndpointData } from '@sq/contract/endpoint';
import type { getBallotDesk } from '@sq/contract/polls/paper-proxy';
import { ApiError } from '../../../lib/api-error';
import { showToast } from '../../../lib/toast';
import type { useDeskWrites } from '../api/ballot-desk';
import { formatEndTime } from '../lib/picker-time';

type Desk = EndpointData<typeof getBallotDesk>;

/**
 * The desk's 委托 list: each home's proxy, a written one with its photo and 撤销委托 (with a
 * reason) while the vote is open; below, the withdrawn written authorisations as 已撤销 with their
 * photo and reason (kept, as a voided paper ballot is – docs/decisions/owners-votes.md).
 */
export function DeskProxies({ desk, canWithdraw, writes }: { desk: Desk; canWithdraw: boolean; writes: ReturnType<typeof useDeskWrites> }) {
  const [withdrawing, setWithdrawing] = useState('');
  const [reason, setReason] = useState('');
  const unitOf = (label: string) => desk.units.find((u) => u.label === label)?.unitId ?? '';
  const withdraw = () => {
    if (reason.trim().length < 2) return void showToast('请填写撤销理由（2至200个字）');
    writes.withdrawWritten.mutate(
      { unitId: unitOf(withdrawing), reason: reason.trim() },
      {
        onSuccess: (r) => {
          showToast({ icon: 'success', content: `${r.label} 的书面委托已撤销，已通知业主` });
          setWithdrawing('');
          setReason('');
        },
        onError: (error) => showToast(error instanceof ApiError ? error.message : '提交失败，请重试'),
      },
    );
  };

  return (
    <section className="desk-card" aria-labelledby="desk-list-proxy">
      <h2 id="desk-list-proxy">委托（{desk.proxies.length}）</h2>
      {desk.proxies.length === 0 && <p className="desk-muted">暂无</p>}
      <ul className="desk-list">
        {desk.proxies.map((r) => (
          <li key={r.label}>
            {r.photo && (
              <a href={r.photo.url} target="_blank" rel="noreferrer">
                <img src={r.photo.thumbUrl} alt={`${r.label} 的委托书照片`} width={56} height={56} />
              </a>
            )}
            <span>
              {r.label}
              <small>
                委托人 {r.mobile} · {r.written ? '书面委托' : '业主在线委托'}
              </small>
            </span>
            {r.written && canWithdraw && withdrawing !== r.label && (
              <Button size="small" fill="outline" color="danger" onClick={() => (setWithdrawing(r.label), setReason(''))}>
                撤销委托
              </Button>
            )}
            {withdrawing === r.label && (
              <div className="desk-void">
                <input className="desk-input" maxLength={200} placeholder="撤销理由，如：业主已书面撤销委托" aria-label={`${r.label} 书面委托的撤销理由`} value={reason} onChange={(e) => setReason(e.target.value)} />
                <Button size="small" color="danger" loading={writes.withdrawWritten.isPending} onClick={withdraw}>
                  确认撤销
                </Button>
                <Button size="small" onClick={() => setWithdrawing('')}>
                  取消
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
      {desk.withdrawn.length > 0 && (
        <>
          <h3 className="desk-subhead">已撤销的书面委托（{desk.withdrawn.length}）</h3>
          <ul className="desk-list" aria-label="已撤销的书面委托">
            {desk.withdrawn.map((w, i) => (
              <li key={i}>
                {w.photo && (
                  <a href={w.photo.url} target="_blank" rel="noreferrer">
                    <img src={w.photo.thumbUrl} alt={`${w.label} 已撤销的委托书照片`} width={56} height={56} />
                  </a>
                )}
                <span>
                  {w.label} · 委托人 {w.mobile}
                  <em className="desk-voided"> · {WITHDRAWN}</em>
                  <small>
                    {w.by} · {formatEndTime(w.at)} · 理由：{w.reason}
                  </small>
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
