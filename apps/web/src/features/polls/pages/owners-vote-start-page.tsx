import type { ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { WebRoute } from '@sq/contract/routes';
import { PageHeader } from '../../../components/page-header';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useOwnersStart, useStartOwnersVote } from '../api/owners-start';
import { OwnersVoteForm } from '../components/owners-vote-form';
import './owners-vote-start-page.css';

/** Who may start one, in words a resident understands (the rule is the server's: owners-start). */
const WHO_MAY = '业主表决只能由本小区业主委员会成员，或社区管理员、管理人员发起。';

/**
 * /ownervotestart?poiId= (发起业主表决): the form for a member of the 业主委员会 – a resident,
 * not staff – with the vote issued in the committee's name; staff get it in the community's name.
 * Anyone else is told who may start one and whom to ask, not shown a form the server would refuse.
 */
export function OwnersVoteStartPage() {
  useDocumentTitle('发起业主表决');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const poiId = params.get('poiId') ?? '';
  const start = useOwnersStart(poiId);
  const create = useStartOwnersVote(poiId);
  const back = () => navigate(`${WebRoute.vote}?poiId=${encodeURIComponent(poiId)}`);

  let body: ReactNode;
  if (!poiId) body = <Refusal title="请从“社区投票”进入">没有指明小区，请回到社区投票页，从“发起业主表决”进入。</Refusal>;
  else if (start.isPending) body = <p className="ovs-loading" role="status">正在加载…</p>;
  else if (!start.data?.canStart) {
    body = (
      <Refusal title="您暂不能发起业主表决">
        {WHO_MAY}如有需要业主共同决定的事项，请联系业主委员会或物业服务中心提出。
      </Refusal>
    );
  } else {
    body = (
      <OwnersVoteForm
        className="ovs-card"
        noticeDays={start.data.noticeDays}
        issuer={start.data.issuer}
        pending={create.isPending}
        onSubmit={(vote) => create.mutate(vote, { onSuccess: (done) => navigate(`${WebRoute.poll}?id=${encodeURIComponent(done.poll._id)}`) })}
        onCancel={back}
      />
    );
  }

  return (
    <main className="ovs-screen">
      <PageHeader heading title="发起业主表决" />
      {body}
    </main>
  );
}

function Refusal({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="ovs-card ovs-refusal" role="status">
      <h2 className="ovs-title">{title}</h2>
      <p className="ovs-text">{children}</p>
      <Link className="ovs-back" to={WebRoute.vote}>
        返回社区投票
      </Link>
    </section>
  );
}
