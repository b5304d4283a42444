import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { beijingDateTime } from '@sq/contract/beijing-time';
import { reviewLeaderCall, suspendLeaderCall } from '@sq/contract/groupbuys/calls';
import { GROUP_BUY_STATE_TEXT, LEADER_STATUS_TEXT, refundedInFullState } from '@sq/contract/groupbuys/group-buy-rules';
import { priceText } from '@sq/contract/money';
import { WebRoute } from '@sq/contract/routes';
import { EmptyState } from '../../../components/empty-state';
import { Reconciliations } from '../../payments';
import { PageHeader } from '../../../components/page-header';
import { callApi } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { groupBuyKeys, useLeaderApplications, useManagedGroupBuys } from '../api/group-buy-queries';
import '../../../components/group-buy.css';

const when = (unix: number) => beijingDateTime(new Date(unix * 1000));

/** /groupbuymanage?poiId= (staff): 团长 applications to review, and the community's group buys with their states. */
export function ManagePage() {
  useDocumentTitle('团购管理');
  const [params] = useSearchParams();
  const poiId = params.get('poiId');
  const apps = useLeaderApplications(poiId);
  const buys = useManagedGroupBuys(poiId);
  if (!poiId)
    return (
      <main className="gb-page">
        <PageHeader title="团购管理" heading />
        <EmptyState title="链接不完整">请从管理中心进入</EmptyState>
      </main>
    );
  return (
    <main className="gb-page">
      <PageHeader title="团购管理" heading />
      {apps.isError ? (
        <EmptyState title="无法查看">{apps.error.message}</EmptyState>
      ) : apps.isPending ? (
        <DotLoading color="primary" />
      ) : (
        <section className="gb-box" aria-label="团长申请">
          <h3 className="gb-section-title">团长申请</h3>
          {apps.data.applications.length === 0 && <p className="gb-hint">暂无申请</p>}
          {apps.data.applications.map((a) => (
            <Application key={a.id} a={a} poiId={poiId} />
          ))}
        </section>
      )}
      {buys.isSuccess && (
        <section className="gb-box" aria-label="本社区团购">
          <h3 className="gb-section-title">本社区团购</h3>
          {buys.data.groupBuys.length === 0 && <p className="gb-hint">还没有团购</p>}
          {buys.data.groupBuys.map((g) => (
            <Link key={g.id} className="gb-leader-row" to={`${WebRoute.groupBuys}?id=${g.id}`}>
              <p className="gb-item-name">{g.title}</p>
              <p>
                {g.seller.kind === 'leader' ? '团长' : '商家'}：{g.seller.name} · {priceText(g.priceFromFen)}起{refundedInFullState(g.state) ? '' : ` · 已售 ${g.sold}/${g.stock}`}
              </p>
              <p className={`gb-status gb-status-${g.state}`}>
                {GROUP_BUY_STATE_TEXT[g.state]}
                {refundedInFullState(g.state) ? '' : ` · ${g.buyers}/${g.minOrders}人成团`} · 截单 {when(g.closesAt)}
              </p>
              {g.statusReason && <p className="gb-hint">{g.statusReason}</p>}
            </Link>
          ))}
        </section>
      )}
      <Reconciliations />
    </main>
  );
}

type App = NonNullable<ReturnType<typeof useLeaderApplications>['data']>['applications'][number];

function Application({ a, poiId }: { a: App; poiId: string }) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const qc = useQueryClient();
  const act = async (call: () => Promise<unknown>) => {
    setProblem(null);
    try {
      await call();
      setReason('');
      void qc.invalidateQueries({ queryKey: groupBuyKeys.applications(poiId) });
    } catch (e) {
      setProblem((e as Error).message);
    }
  };
  const decide = (decision: 'approve' | 'return') => act(() => callApi(reviewLeaderCall, { id: a.id, decision, reason }, { silent: true }));
  const suspend = (yes: boolean) => act(() => callApi(suspendLeaderCall, { id: a.id, suspend: yes, reason: yes ? reason : '' }, { silent: true }));
  return (
    <div className="gb-leader-row" data-testid="application">
      <p className="gb-item-name">
        {a.displayName}（{a.applicant.name} {a.applicant.mobile}）
      </p>
      <p>自提点：{a.pickupPoint}</p>
      {a.intro && <p className="gb-hint">{a.intro}</p>}
      <p className={`gb-status gb-status-${a.status}`}>{LEADER_STATUS_TEXT[a.status]}</p>
      {a.reason && (
        <p className="gb-hint">
          {a.status === 'suspended' ? '停用原因' : '退回原因'}：{a.reason}
        </p>
      )}
      {a.status === 'pending' && (
        <>
          <input className="gb-input" aria-label="退回原因" placeholder="退回时请填写原因" value={reason} onChange={(e) => setReason(e.target.value)} />
          <div className="gb-actions">
            <Button color="primary" onClick={() => void decide('approve')}>
              通过
            </Button>
            <Button color="danger" fill="outline" onClick={() => void decide('return')}>
              退回
            </Button>
          </div>
        </>
      )}
      {a.status === 'approved' && (
        <>
          <input className="gb-input" aria-label="停用原因" placeholder="停用时请填写原因，将告知团长" value={reason} onChange={(e) => setReason(e.target.value)} />
          <p className="gb-hint">停用后不能发布新团购，新订单不计佣金；已开的团购照常截单和自提。</p>
          <div className="gb-actions">
            <Button color="danger" fill="outline" onClick={() => void suspend(true)}>
              停用团长
            </Button>
          </div>
        </>
      )}
      {a.status === 'suspended' && (
        <div className="gb-actions">
          <Button color="primary" onClick={() => void suspend(false)}>
            恢复团长
          </Button>
        </div>
      )}
      {problem && (
        <p className="gb-problem" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
