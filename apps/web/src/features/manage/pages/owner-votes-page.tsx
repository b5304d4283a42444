import { useState, type ReactNode } from 'react';
import Button from 'antd-mobile/es/components/button';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { OWNERS_NOTICE_DAYS_DEFAULT } from '@sq/contract/polls/owners-rules';
import { WebRoute } from '@sq/contract/routes';
import { EmptyState } from '../../../components/empty-state';
import { communityQuery } from '../../../lib/community-queries';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { formatEndTime, OwnersVoteForm } from '../../polls/manage-entry';
import { useCreateOwnersVote, useOwnerPolls } from '../api/owner-polls';
import { useOwnersSettings } from '../api/owners-settings';
import { LoadFailure, MissingCommunity } from '../components/load-failure';
import { centreOf, ManageHeader } from '../components/manage-header';
import '../components/manage-ui.css';
import './owner-votes-page.css';

/** 业主表决 (/ownervotes?poiId=): the community's owners' votes, and starting one (administrators and managers). */
export function OwnerVotesPage() {
  useDocumentTitle('业主表决');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const poiId = params.get('poiId') ?? '';
  const polls = useOwnerPolls(poiId);
  const community = useQuery({ ...communityQuery(poiId), enabled: poiId !== '' });
  const create = useCreateOwnersVote(poiId);
  const [creating, setCreating] = useState(false);
  const noticeDays = useOwnersSettings(poiId).data?.noticeDays ?? OWNERS_NOTICE_DAYS_DEFAULT;
  const at = `?poiId=${encodeURIComponent(poiId)}`;

  let body: ReactNode;
  if (!poiId) body = <MissingCommunity />;
  else if (polls.error) body = <LoadFailure error={polls.error} onRetry={() => void polls.refetch()} />;
  else if (!polls.data) body = <p className="mg-loading" role="status">正在加载…</p>;
  else {
    body = (
      <>
        {polls.data.canCreate && !creating && (
          <div className="ov-start">
            <Button block color="primary" size="large" shape="rounded" onClick={() => setCreating(true)}>
              发起业主表决
            </Button>
            <Link className="ov-units" to={`${WebRoute.units}${at}`}>
              先核对房屋登记（面积、业主手机号）›
            </Link>
            <Link className="ov-units" to={`${WebRoute.ownersSettings}${at}`}>
              公告期（{noticeDays}天）与业主委员会 ›
            </Link>
          </div>
        )}
        {creating && (
          <OwnersVoteForm
            className="mg-card"
            noticeDays={noticeDays}
            pending={create.isPending}
            onSubmit={(body) => create.mutate(body, { onSuccess: (done) => navigate(`${WebRoute.poll}?id=${encodeURIComponent(done.poll._id)}`) })}
            onCancel={() => setCreating(false)}
          />
        )}
        {polls.data.polls.length === 0 ? (
          <div className="mg-card">
            <EmptyState title="还没有业主表决" />
          </div>
        ) : (
          <ul className="mg-list" aria-label="业主表决列表">
            {polls.data.polls.map((p) => (
              <li key={p._id}>
                <Link className="mg-row ov-row" to={`${WebRoute.poll}?id=${encodeURIComponent(p._id)}`}>
                  <span className="mg-row-head">
                    <span className="mg-row-name">{p.title}</span>
                    <span className={`mg-tag ${p.expired ? 'mg-tag-orange' : 'mg-tag-green'}`}>{p.expired ? '已截止' : '进行中'}</span>
                  </span>
                  <span className="mg-row-meta">
                    截止 {formatEndTime(p.end_time)} · 已投 {p.votedUnits}/{p.totalUnits} 户{p.secret ? ' · 无记名' : ''}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </>
    );
  }

  return (
    <main className="mg-screen">
      <ManageHeader title="业主表决" subtitle={community.data?.community} fallback={centreOf(poiId)} />
      {body}
    </main>
  );
}
