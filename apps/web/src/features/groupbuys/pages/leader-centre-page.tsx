import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { applyLeaderCall } from '@sq/contract/groupbuys/calls';
import { LEADER_STATUS_TEXT } from '@sq/contract/groupbuys/group-buy-rules';
import { WebRoute } from '@sq/contract/routes';
import { PageHeader } from '../../../components/page-header';
import { callApi } from '../../../lib/api-client';
import { useCurrentCommunityId } from '../../../lib/use-current-community';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { groupBuyKeys, useMyGroupBuys, useMyLeaders } from '../api/group-buy-queries';
import { GroupBuyCard } from '../components/group-buy-card';
import '../../../components/group-buy.css';

/** /myorder/mycenter (团长中心): apply in the current community, the applications' states, and for a leader their entries and group buys. */
export function LeaderCentrePage() {
  useDocumentTitle('团长中心');
  const current = useCurrentCommunityId();
  const leaders = useMyLeaders();
  const mine = useMyGroupBuys();
  const list = leaders.data?.leaders ?? [];
  const approved = list.filter((l) => l.status === 'approved');
  const here = list.find((l) => l.poiId === current.poiId);
  const [now] = useState(() => Math.floor(Date.now() / 1000));
  return (
    <main className="gb-page">
      <PageHeader title="团长中心" heading />
      {leaders.isPending && <DotLoading color="primary" />}
      {list.length > 0 && (
        <section className="gb-box" aria-label="我的团长申请">
          <h3 className="gb-section-title">我的团长申请</h3>
          {list.map((l) => (
            <div key={l.id} className="gb-leader-row" data-testid="leader-status">
              <p className="gb-item-name">
                {l.community} · {l.displayName}
              </p>
              <p className={`gb-status gb-status-${l.status}`}>{LEADER_STATUS_TEXT[l.status]}</p>
              {l.reason && <p className="gb-problem">原因：{l.reason}</p>}
            </div>
          ))}
        </section>
      )}
      {approved.length > 0 && (
        <nav className="gb-entries" aria-label="团长功能">
          {approved.map((l) => (
            <Link key={l.id} className="gb-entry gb-entry-main" to={`${WebRoute.groupBuyPublish}?leader=${l.id}`}>
              发布团购{approved.length > 1 ? `（${l.community}）` : ''}
            </Link>
          ))}
          <Link className="gb-entry" to={WebRoute.pickupOrders}>
            待取订单
          </Link>
          <Link className="gb-entry" to={WebRoute.leaderEarnings}>
            我的收益
          </Link>
          <Link className="gb-entry" to={WebRoute.leaderPromotion}>
            推广中心
          </Link>
        </nav>
      )}
      {current.poiId && (!here || here.status === 'returned') && <ApplyForm poiId={current.poiId} again={here ?? null} />}
      {(mine.data?.groupBuys.length ?? 0) > 0 && (
        <section className="gb-list" aria-label="我发布的团购">
          <h3 className="gb-section-title">我发布的团购</h3>
          {mine.data!.groupBuys.map((g) => (
            <GroupBuyCard key={g.id} g={g} serverTime={now} />
          ))}
        </section>
      )}
    </main>
  );
}

function ApplyForm({ poiId, again }: { poiId: string; again: { displayName: string; pickupPoint: string; intro: string } | null }) {
  const [f, setF] = useState({ displayName: again?.displayName ?? '', pickupPoint: again?.pickupPoint ?? '', intro: again?.intro ?? '' });
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const qc = useQueryClient();
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) => setF((x) => ({ ...x, [k]: e.target.value }));
  const submit = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await callApi(applyLeaderCall, { poiId, ...f }, { silent: true });
      void qc.invalidateQueries({ queryKey: groupBuyKeys.leaders });
    } catch (e) {
      setProblem((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="gb-box gb-form" onSubmit={(e) => (e.preventDefault(), void submit())} aria-label="申请成为团长">
      <h3 className="gb-section-title">{again ? '修改后重新申请' : '申请成为团长'}</h3>
      <p className="gb-hint">团长帮邻居们发起团购、在自提点分货，每单可得佣金。申请由本社区物业审核。</p>
      <label className="gb-label">
        团长名称（邻居们看到的名字）
        <input className="gb-input" name="displayName" value={f.displayName} onChange={set('displayName')} placeholder="如：3号楼王姐" />
      </label>
      <label className="gb-label">
        自提点
        <input className="gb-input" name="pickupPoint" value={f.pickupPoint} onChange={set('pickupPoint')} placeholder="如：3号楼一单元门口" />
      </label>
      <label className="gb-label">
        自我介绍（选填）
        <textarea className="gb-input" name="intro" rows={3} value={f.intro} onChange={set('intro')} />
      </label>
      {problem && (
        <p className="gb-problem" role="alert">
          {problem}
        </p>
      )}
      <Button block color="primary" size="large" type="submit" loading={busy}>
        提交申请
      </Button>
    </form>
  );
}
