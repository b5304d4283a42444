import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import { useSearchParams } from 'react-router';
import type { StoredImage } from '@sq/contract/images/upload-image';
import { MOBILE_PATTERN } from '@sq/contract/rules';
import { PageHeader } from '../../../components/page-header';
import { ApiError } from '../../../lib/api-error';
import { showToast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { VOIDED } from '@sq/contract/polls/paper-proxy-calls';
import { useBallotDesk, useDeskWrites } from '../api/ballot-desk';
import { usePoll } from '../api/get-poll';
import { DeskProxies } from '../components/desk-proxies';
import { PhotoField } from '../components/photo-field';
import { formatEndTime } from '../lib/picker-time';
import './ballot-desk-page.css';

const failed = (error: unknown) => showToast(error instanceof ApiError ? error.message : '提交失败，请重试');

/**
 * /polldesk?id=…: 纸质票与委托 for the community's administrators and managers (issue 37 item 4) –
 * a signed paper ballot or a written authorisation entered with its photo; the paper ballots,
 * proxies (a written one withdrawn with a reason) and refused ballots listed (by home, never in the
 * order they came).
 */
export function BallotDeskPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const poll = usePoll(id);
  const desk = useBallotDesk(id);
  const writes = useDeskWrites(id);
  useDocumentTitle('纸质票与委托');
  const [home, setHome] = useState('');
  const [option, setOption] = useState('');
  const [paperPhoto, setPaperPhoto] = useState<StoredImage | null>(null);
  const [receipt, setReceipt] = useState<string | null>(null);
  const [proxyHome, setProxyHome] = useState('');
  const [mobile, setMobile] = useState('');
  const [writtenPhoto, setWrittenPhoto] = useState<StoredImage | null>(null);
  const [voiding, setVoiding] = useState('');
  const [voidReason, setVoidReason] = useState('');

  const error = poll.error ?? desk.error;
  if (error) {
    return (
      <main className="desk-page">
        <PageHeader heading title="纸质票与委托" />
        <ErrorBlock status="default" title="无法打开" description={error.message} />
      </main>
    );
  }
  if (!poll.data || !desk.data) {
    return (
      <main className="desk-page" role="status" aria-label="加载中">
        <DotLoading color="primary" />
      </main>
    );
  }
  const { poll: p } = poll.data;
  const d = desk.data;
  const poiId = p.poiId ?? '';
  const homeSelect = (value: string, onChange: (v: string) => void, label: string) => (
    <select className="desk-select" aria-label={label} value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">请选择房屋</option>
      {d.units.map((u) => (
        <option key={u.unitId} value={u.unitId}>
          {u.label}
        </option>
      ))}
    </select>
  );

  const enterPaper = () => {
    if (!home) return void showToast('请选择房屋');
    if (!option) return void showToast('请选择表决意见（同意、反对或弃权）');
    if (!paperPhoto) return void showToast('请上传业主签字的纸质表决票照片');
    writes.paper.mutate(
      { unitId: home, option, photo: paperPhoto.hash },
      {
        onSuccess: (r) => {
          showToast({ icon: 'success', content: `${r.label} 的纸质票已录入` });
          setReceipt(r.receipt);
          setHome('');
          setOption('');
          setPaperPhoto(null);
        },
        onError: failed,
      },
    );
  };
  // A paper ballot entered for the wrong home is voided with a reason (open votes, before the deadline).
  const canVoid = !p.secret && !p.expired && !p.owners?.cancelled;
  const unitOf = (label: string) => d.units.find((u) => u.label === label)?.unitId ?? '';
  const voidPaper = () => {
    if (voidReason.trim().length < 2) return void showToast('请填写作废理由（2至200个字）');
    writes.voidPaper.mutate(
      { unitId: unitOf(voiding), reason: voidReason.trim() },
      {
        onSuccess: (r) => {
          showToast({ icon: 'success', content: `${r.label} 的纸质票已作废，可重新录入` });
          setVoiding('');
          setVoidReason('');
        },
        onError: failed,
      },
    );
  };
  const enterWritten = () => {
    if (!proxyHome) return void showToast('请选择房屋');
    if (!MOBILE_PATTERN.test(mobile.trim())) return void showToast('请输入正确的手机号');
    if (!writtenPhoto) return void showToast('请上传业主签字的书面委托书照片');
    writes.written.mutate(
      { unitId: proxyHome, mobile: mobile.trim(), photo: writtenPhoto.hash },
      {
        onSuccess: (r) => {
          showToast({ icon: 'success', content: `已为 ${r.label} 录入委托` });
          setProxyHome('');
          setMobile('');
          setWrittenPhoto(null);
        },
        onError: failed,
      },
    );
  };

  return (
    <main className="desk-page">
      <PageHeader heading title="纸质票与委托" />
      <p className="desk-sub">{p.title}</p>

      <section className="desk-card" aria-labelledby="desk-paper">
        <h2 id="desk-paper">录入纸质票</h2>
        <p className="desk-hint">每户只计第一张有效票：已在线投票或已录入的房屋会被拒绝并记录。录入后，系统会短信通知该户业主。</p>
        {homeSelect(home, setHome, '纸质票的房屋')}
        <div className="desk-options" role="radiogroup" aria-label="表决意见">
          {p.options.map((o) => (
            <button key={o.option_id} type="button" role="radio" aria-checked={option === o.option_id} className={option === o.option_id ? 'desk-option is-on' : 'desk-option'} onClick={() => setOption(o.option_id)}>
              {o.title}
            </button>
          ))}
        </div>
        {p.secret && <p className="desk-hint">无记名表决：只拍业主签字的领票单，不要拍到选择。</p>}
        <PhotoField poiId={poiId} label="拍摄签字的纸质票" value={paperPhoto} onChange={setPaperPhoto} />
        <Button block color="primary" size="large" shape="rounded" loading={writes.paper.isPending} onClick={enterPaper}>
          录入纸质票
        </Button>
        {receipt && (
          <p className="desk-receipt" role="status">
            回执码：<strong>{receipt}</strong>（已短信告知业主，请也写在纸质回执上交给业主）
          </p>
        )}
      </section>

      <section className="desk-card" aria-labelledby="desk-proxy">
        <h2 id="desk-proxy">录入书面委托</h2>
        <p className="desk-hint">业主签字的委托书拍照后录入；委托人用该手机号登录即可为这户投票。</p>
        {homeSelect(proxyHome, setProxyHome, '委托的房屋')}
        <input className="desk-input" type="tel" inputMode="numeric" maxLength={11} placeholder="委托人的手机号" aria-label="委托人的手机号" value={mobile} onChange={(e) => setMobile(e.target.value)} />
        <PhotoField poiId={poiId} label="拍摄委托书" value={writtenPhoto} onChange={setWrittenPhoto} />
        <Button block color="primary" fill="outline" size="large" shape="rounded" loading={writes.written.isPending} onClick={enterWritten}>
          录入书面委托
        </Button>
      </section>

      <section className="desk-card" aria-labelledby="desk-list-paper">
        <h2 id="desk-list-paper">已录入的纸质票（{d.paper.length}）</h2>
        {d.paper.length === 0 && <p className="desk-muted">暂无</p>}
        <ul className="desk-list">
          {d.paper.map((r) => (
            <li key={r.label}>
              <a href={r.photo.url} target="_blank" rel="noreferrer">
                <img src={r.photo.thumbUrl} alt={`${r.label} 的纸质票照片`} width={56} height={56} />
              </a>
              <span>
                {r.label}
                <small>录入人 {r.enteredBy}</small>
              </span>
              {canVoid && voiding !== r.label && (
                <Button size="small" fill="outline" color="danger" onClick={() => (setVoiding(r.label), setVoidReason(''))}>
                  作废
                </Button>
              )}
              {voiding === r.label && (
                <div className="desk-void">
                  <input className="desk-input" maxLength={200} placeholder="作废理由，如：录错房屋，应为102室" aria-label={`${r.label} 纸质票的作废理由`} value={voidReason} onChange={(e) => setVoidReason(e.target.value)} />
                  <Button size="small" color="danger" loading={writes.voidPaper.isPending} onClick={voidPaper}>
                    确认作废
                  </Button>
                  <Button size="small" onClick={() => setVoiding('')}>
                    取消
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      </section>

      <DeskProxies desk={d} canWithdraw={!p.expired && !p.owners?.cancelled} writes={writes} />

      <section className="desk-card" aria-labelledby="desk-list-refused">
        <h2 id="desk-list-refused">未计入及已作废的票（{d.refused.length}）</h2>
        <p className="desk-hint">重复投票：这些房屋已有一张有效票，之后的投票未计入（不记录其选择）。已作废：录错房屋的纸质票，保留照片和理由。</p>
        {d.refused.length === 0 && <p className="desk-muted">暂无</p>}
        <ul className="desk-list">
          {d.refused.map((r, i) => (
            <li key={i}>
              {r.photo && (
                <a href={r.photo.url} target="_blank" rel="noreferrer">
                  <img src={r.photo.thumbUrl} alt={`${r.label} 已作废的纸质票照片`} width={56} height={56} />
                </a>
              )}
              <span>
                {r.label} · {r.channel}
                {r.voidReason !== null && <em className="desk-voided"> · {VOIDED}</em>}
                <small>
                  {r.who} · {formatEndTime(r.at)}
                  {r.voidReason !== null && ` · 理由：${r.voidReason}`}
                </small>
              </span>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
