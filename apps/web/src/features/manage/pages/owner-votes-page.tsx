import { useState, type ReactNode } from 'react';
import { Button, Form, Input, Selector, TextArea, Toast } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MATTER_LABELS, OwnersMatter } from '@sq/contract/polls/owners-rules';
import { POLL_INFO_MAX, POLL_TITLE_MAX } from '@sq/contract/polls/poll-rules';
import { WebRoute } from '@sq/contract/routes';
import { EmptyState } from '../../../components/empty-state';
import { communityQuery } from '../../../lib/community-queries';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { DeadlineField, formatEndTime } from '../../polls';
import { useCreateOwnersVote, useOwnerPolls } from '../api/owner-polls';
import { LoadFailure, MissingCommunity } from '../components/load-failure';
import { centreOf, ManageHeader } from '../components/manage-header';
import '../components/manage-ui.css';
import './owner-votes-page.css';

const MATTERS = [
  { label: '一般事项', value: OwnersMatter.ordinary, description: '如选举业委会、续聘物业：参与面积、人数均过半数同意' },
  { label: '重大事项', value: OwnersMatter.special, description: '维修资金、改建重建、改变共有部分用途或经营：均四分之三以上同意' },
];
const BALLOTS = [
  { label: '记名投票', value: 'open', description: '业主可查阅每户选择' },
  { label: '无记名投票', value: 'secret', description: '谁投了什么无人可知，投票人凭回执核对' },
];
const RESULTS = [
  { label: '实时公布', value: 'live' },
  { label: '截止后公布', value: 'after' },
];

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
  const [title, setTitle] = useState('');
  const [info, setInfo] = useState('');
  const [endTime, setEndTime] = useState('');
  const [matter, setMatter] = useState<OwnersMatter>(OwnersMatter.ordinary);
  const [ballot, setBallot] = useState('open');
  const [results, setResults] = useState('live');
  const at = `?poiId=${encodeURIComponent(poiId)}`;

  const submit = () => {
    if (!title.trim()) return void Toast.show({ content: '请输入表决事项' });
    if (!endTime) return void Toast.show({ content: '请选择截止时间' });
    create.mutate(
      { title: title.trim(), info: info.trim(), end_time: endTime, matter, secret: ballot === 'secret', hideResults: results === 'after' },
      { onSuccess: (done) => navigate(`${WebRoute.poll}?id=${encodeURIComponent(done.poll._id)}`) },
    );
  };

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
          </div>
        )}
        {creating && (
          <Form
            className="mg-card ov-form"
            layout="vertical"
            onFinish={submit}
            footer={
              <div className="ov-form-actions">
                <Button block type="submit" color="primary" size="large" shape="rounded" loading={create.isPending}>
                  发起表决
                </Button>
                <Button block size="large" shape="rounded" onClick={() => setCreating(false)}>
                  取消
                </Button>
              </div>
            }
          >
            <Form.Item label="表决事项">
              <Input placeholder="如：续聘XX物业服务企业" maxLength={POLL_TITLE_MAX} value={title} onChange={setTitle} />
            </Form.Item>
            <Form.Item label="说明（选填）">
              <TextArea placeholder="表决内容、方案要点" maxLength={POLL_INFO_MAX} autoSize={{ minRows: 2, maxRows: 5 }} value={info} onChange={setInfo} />
            </Form.Item>
            <Form.Item label="截止时间（北京时间）">
              <DeadlineField value={endTime} onChange={setEndTime} />
            </Form.Item>
            <Form.Item label="事项类型" help={MATTER_LABELS[matter]}>
              <Selector columns={2} options={MATTERS} value={[matter]} onChange={(v) => v[0] !== undefined && setMatter(v[0])} />
            </Form.Item>
            <Form.Item label="投票方式">
              <Selector columns={2} options={BALLOTS} value={[ballot]} onChange={(v) => v[0] && setBallot(v[0])} />
            </Form.Item>
            <Form.Item label="结果公布">
              <Selector columns={2} options={RESULTS} value={[results]} onChange={(v) => v[0] && setResults(v[0])} />
            </Form.Item>
            <p className="ov-note">每户一票（同意、反对、弃权），按发起时的房屋登记计票：共有人中先投的一票有效；同一业主名下多套房屋按一人计。</p>
          </Form>
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
