import { useState, type ReactNode } from 'react';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import TextArea from 'antd-mobile/es/components/text-area';
import { beijingDateTime } from '@sq/contract/beijing-time';
import type { Poll } from '@sq/contract/polls/get-poll';
import { OWNERS_REASON_MAX } from '@sq/contract/polls/owners-procedure';
import { OFFICER_ROLES, type OfficerRole } from '@sq/contract/polls/owners-roles';
import { ANSWER_MAX, OBJECTION_MAX } from '@sq/contract/polls/owners-objections';
import { showToast } from '../../../lib/toast';
import { useAddOfficer, useAnswerObjection, useCancelVote, useCorrectRoll, useExtendVote, useObjections, useProcedure, useRemoveOfficer, useSendObjection } from '../api/procedure';
import { formatEndTime } from '../lib/picker-time';
import './owners-procedure.css';
import { confirmDialog } from '../../../lib/dialog';

const EXTEND_DAYS = [3, 7, 14];
const DAY_MS = 86_400_000;

/** A reason typed, then confirmed: what extension, cancellation and corrections all ask for. */
function ReasonForm(props: { label: string; placeholder: string; confirm: (reason: string) => string; busy: boolean; onDone: (reason: string) => Promise<unknown>; onClose: () => void; children?: ReactNode }) {
  const [reason, setReason] = useState('');
  const submit = async () => {
    if (reason.trim().length < 2) return void showToast({ content: '请填写理由（将告知全体业主）' });
    if (!(await confirmDialog({ content: props.confirm(reason.trim()), confirmText: '确定', cancelText: '再想想' }))) return;
    await props.onDone(reason.trim());
    props.onClose();
  };
  return (
    <div className="op-form">
      {props.children}
      <label className="op-label">
        {props.label}
        <TextArea value={reason} onChange={setReason} placeholder={props.placeholder} maxLength={OWNERS_REASON_MAX} showCount rows={2} />
      </label>
      <div className="op-row">
        <Button color="primary" shape="rounded" loading={props.busy} onClick={() => void submit().catch(() => undefined)}>
          提交
        </Button>
        <Button shape="rounded" onClick={props.onClose}>
          取消
        </Button>
      </div>
    </div>
  );
}

/**
 * 表决程序 on an owners' vote's page: who issues it, its 计票人/监票人, the roll's corrections, and –
 * for administrators and managers – extension, cancellation, naming officers and correcting the roll;
 * then the objections (owners send them, staff answer).
 */
export function OwnersProcedure({ poll }: { poll: Poll }) {
  const owners = poll.owners!;
  const procedure = useProcedure(poll._id);
  const p = procedure.data;
  const objections = useObjections(poll._id, Boolean(p && (p.canObject || p.canAnswer || p.canManage)));
  const extend = useExtendVote(poll._id);
  const cancel = useCancelVote(poll._id);
  const addOfficer = useAddOfficer(poll._id);
  const removeOfficer = useRemoveOfficer(poll._id);
  const correct = useCorrectRoll(poll._id);
  const send = useSendObjection(poll._id);
  const answer = useAnswerObjection(poll._id);
  const [open, setOpen] = useState<'extend' | 'cancel' | 'officer' | 'correct' | null>(null);
  const [days, setDays] = useState(7);
  const [officer, setOfficer] = useState<{ role: OfficerRole; name: string; mobile: string }>({ role: 'counter', name: '', mobile: '' });
  const [home, setHome] = useState('');
  const [text, setText] = useState('');
  const [answers, setAnswers] = useState<Record<string, string>>({});
  // When the page was opened: corrections are offered once voting has started (the server checks again).
  const [openedAt] = useState(() => Date.now());
  if (!p) return null;

  const running = !poll.expired && !owners.cancelled;
  const started = !owners.start_time || owners.start_time * 1000 <= openedAt;
  const names = (role: OfficerRole) => p.officers.filter((o) => o.role === role);
  const newEnd = new Date(poll.end_time * 1000 + days * DAY_MS);

  return (
    <>
      <section className="op" aria-label="表决程序">
        <h2 className="op-title">表决程序</h2>
        <p className="op-line">发布单位：{p.issuer.name || '表决组织者'}</p>
        {(['counter', 'scrutineer'] as const).map((role) => (
          <div className="op-line" key={role}>
            {OFFICER_ROLES[role]}：{names(role).length ? '' : '尚未指定'}
            {names(role).map((o) => (
              <span className="op-officer" key={o._id}>
                {o.name}
                {o.mobile && `（${o.mobile}）`}
                {p.canManage && (
                  <button type="button" className="op-link" onClick={() => void confirmDialog({ content: `取消${o.name}的${OFFICER_ROLES[role]}身份？`, confirmText: '取消指定', cancelText: '保留' }).then((yes) => yes && removeOfficer.mutate(o._id))}>
                    移除
                  </button>
                )}
              </span>
            ))}
          </div>
        ))}
        {p.isOfficer && <p className="op-note">您是本表决的计票人或监票人，可在截止前查看记名表决的统计（无记名表决截止后公布）。</p>}
        {p.corrections.length > 0 && (
          <div className="op-corrections">
            <h3 className="op-sub">名册更正记录</h3>
            <ul>
              {p.corrections.map((c) => (
                <li key={`${c.label}-${c.at}`}>
                  {formatEndTime(c.at)} {c.label}：面积 {c.before.area}→{c.after.area}㎡，可投票手机号 {c.before.voters}→{c.after.voters}个。理由：{c.reason}
                </li>
              ))}
            </ul>
          </div>
        )}
        {p.canManage && running && (
          <div className="op-actions">
            {!owners.extendReason && (
              <Button shape="rounded" onClick={() => setOpen(open === 'extend' ? null : 'extend')}>
                延期
              </Button>
            )}
            <Button shape="rounded" color="danger" fill="outline" onClick={() => setOpen(open === 'cancel' ? null : 'cancel')}>
              取消表决
            </Button>
            <Button shape="rounded" onClick={() => setOpen(open === 'officer' ? null : 'officer')}>
              指定计票人/监票人
            </Button>
            {p.canAnswer && started && (
              <Button shape="rounded" onClick={() => setOpen(open === 'correct' ? null : 'correct')}>
                更正名册
              </Button>
            )}
          </div>
        )}
        {open === 'extend' && (
          <ReasonForm
            label="延期理由（将告知全体业主）"
            placeholder="如：参与户数不足，延期一周"
            busy={extend.isPending}
            confirm={(reason) => `确定延期至 ${beijingDateTime(newEnd)}？只能延期一次。理由：${reason}`}
            onDone={(reason) => extend.mutateAsync({ end_time: beijingDateTime(newEnd), reason }).then(() => showToast({ icon: 'success', content: '已延期，已通知业主' }))}
            onClose={() => setOpen(null)}
          >
            <p className="op-label">延长</p>
            <div className="op-row" role="radiogroup" aria-label="延长天数">
              {EXTEND_DAYS.map((d) => (
                <button type="button" role="radio" aria-checked={days === d} key={d} className={`op-chip${days === d ? ' is-on' : ''}`} onClick={() => setDays(d)}>
                  {d}天
                </button>
              ))}
            </div>
            <p className="op-note">新的截止时间：{beijingDateTime(newEnd)}</p>
          </ReasonForm>
        )}
        {open === 'cancel' && (
          <ReasonForm
            label="取消理由（将告知全体业主）"
            placeholder="如：表决方案有误，将重新发起"
            busy={cancel.isPending}
            confirm={(reason) => `确定取消本表决？取消后不能再投票，也不能恢复。理由：${reason}`}
            onDone={(reason) => cancel.mutateAsync(reason).then(() => showToast({ icon: 'success', content: '已取消，已通知业主' }))}
            onClose={() => setOpen(null)}
          />
        )}
        {open === 'correct' && (
          <ReasonForm
            label="更正理由（记入表决记录）"
            placeholder="如：该户已过户，按新的不动产权证更正"
            busy={correct.isPending}
            confirm={(reason) => `按现行房屋登记更正 ${home} 在名册中的面积和可投票的业主？理由：${reason}`}
            onDone={(reason) => (home ? correct.mutateAsync({ label: home, reason }).then((r) => showToast({ icon: 'success', content: `已更正：面积${r.area}㎡` })) : Promise.reject(showToast({ content: '请选择要更正的房屋' })))}
            onClose={() => setOpen(null)}
          >
            <p className="op-note">先在“房屋登记”中改好该户，再在此按登记更正名册。已投票的房屋不能更正。</p>
            <label className="op-label">
              房屋
              <select className="op-select" value={home} onChange={(e) => setHome(e.target.value)}>
                <option value="">请选择</option>
                {p.homes.map((h) => (
                  <option key={h} value={h}>
                    {h}
                  </option>
                ))}
              </select>
            </label>
          </ReasonForm>
        )}
        {open === 'officer' && (
          <div className="op-form">
            <div className="op-row" role="radiogroup" aria-label="身份">
              {(['counter', 'scrutineer'] as const).map((role) => (
                <button type="button" role="radio" aria-checked={officer.role === role} key={role} className={`op-chip${officer.role === role ? ' is-on' : ''}`} onClick={() => setOfficer({ ...officer, role })}>
                  {OFFICER_ROLES[role]}
                </button>
              ))}
            </div>
            <label className="op-label">
              姓名
              <Input value={officer.name} onChange={(name) => setOfficer({ ...officer, name })} placeholder="如：赵计票" />
            </label>
            <label className="op-label">
              手机号（本表决名册中的业主或本小区工作人员）
              <Input value={officer.mobile} onChange={(mobile) => setOfficer({ ...officer, mobile })} type="tel" maxLength={11} placeholder="11位手机号" />
            </label>
            <Button
              color="primary"
              shape="rounded"
              loading={addOfficer.isPending}
              onClick={() =>
                addOfficer.mutate(officer, {
                  onSuccess: () => {
                    showToast({ icon: 'success', content: `已指定${OFFICER_ROLES[officer.role]}` });
                    setOfficer({ role: officer.role, name: '', mobile: '' });
                  },
                })
              }
            >
              指定
            </Button>
          </div>
        )}
      </section>

      {(p.canObject || Boolean(objections.data?.objections.length)) && (
        <section className="op" aria-label="异议">
          <h2 className="op-title">异议</h2>
          {p.canObject && (
            <div className="op-form">
              <p className="op-note">对本表决的名册、程序或结果有异议的，可在 {formatEndTime(p.objectionsUntil)} 前提出，管理人员会答复您。</p>
              <label className="op-label">
                异议内容
                <TextArea value={text} onChange={setText} placeholder="请写明异议的内容和理由" maxLength={OBJECTION_MAX} showCount rows={3} />
              </label>
              <Button
                color="primary"
                shape="rounded"
                loading={send.isPending}
                onClick={() =>
                  send.mutate(text.trim(), {
                    onSuccess: () => {
                      setText('');
                      showToast({ icon: 'success', content: '异议已提交' });
                    },
                  })
                }
              >
                提交异议
              </Button>
            </div>
          )}
          <ul className="op-objections">
            {objections.data?.objections.map((o) => (
              <li key={o._id} className="op-objection">
                <p className="op-meta">
                  {o.mine ? '我的异议' : o.homes} · {formatEndTime(o.at)}
                </p>
                <p className="op-text">{o.text}</p>
                {o.answer ? (
                  <p className="op-answer">答复（{formatEndTime(o.answeredAt!)}）：{o.answer}</p>
                ) : p.canAnswer ? (
                  <div className="op-form">
                    <label className="op-label">
                      答复内容
                      <TextArea value={answers[o._id] ?? ''} onChange={(v) => setAnswers({ ...answers, [o._id]: v })} placeholder="业主会收到通知" maxLength={ANSWER_MAX} rows={2} />
                    </label>
                    <Button color="primary" shape="rounded" loading={answer.isPending} onClick={() => answer.mutate({ _id: o._id, answer: (answers[o._id] ?? '').trim() }, { onSuccess: () => showToast({ icon: 'success', content: '已答复，已通知业主' }) })}>
                      答复
                    </Button>
                  </div>
                ) : (
                  <p className="op-note">待答复</p>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
