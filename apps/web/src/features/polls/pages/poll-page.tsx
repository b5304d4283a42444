import { useEffect, useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import Tag from 'antd-mobile/es/components/tag';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { Code, LOGIN_CODES } from '@sq/contract/envelope';
import type { PollDetail } from '@sq/contract/polls/get-poll';
import { MSG_CHOOSE_OPTION, MSG_LOGIN_TO_VOTE, MSG_POLL_NOT_FOUND, PollType } from '@sq/contract/polls/poll-rules';
import { WebRoute } from '@sq/contract/routes';
import { EmptyState } from '../../../components/empty-state';
import { ApiError } from '../../../lib/api-error';
import { postDownload } from '../../../lib/form-download';
import { currentHost } from '../../../lib/native-bridge';
import { currentToken } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { pollQueryKey, usePoll } from '../api/get-poll';
import { useVote } from '../api/vote-poll';
import { BallotConfirm } from '../components/ballot-confirm';
import { FollowPrompt } from '../components/follow-prompt';
import { OwnersProcedure } from '../components/owners-procedure';
import { NameProxy } from '../components/name-proxy';
import { OwnersResult } from '../components/owners-result';
import { PollOptions } from '../components/poll-options';
import { ReceiptCard, ReceiptCheck } from '../components/receipt';
import { UnitsList } from '../components/units-list';
import { askLogin } from '../lib/ask-login';
import { formatEndTime } from '../lib/picker-time';
import './poll-page.css';

/**
 * The server's verdict when the poll loaded, then a timer for a page left open across the
 * deadline (a phone's own clock may be off, so it is not asked otherwise).
 */
function useExpired(detail: PollDetail | undefined): boolean {
  const endMs = (detail?.poll.end_time ?? 0) * 1000;
  const [passed, setPassed] = useState(false);
  useEffect(() => {
    if (!endMs) return;
    const wait = endMs - Date.now();
    if (wait <= 0 || wait > 2 ** 31 - 1) return;
    const timer = setTimeout(() => setPassed(true), wait);
    return () => clearTimeout(timer);
  }, [endMs]);
  return Boolean(detail?.poll.expired) || passed;
}

/** /chiocevote?id&tid&iframeId: the poll, its options, the vote button and the results (spec §4). */
export function PollPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const tid = params.get('tid') || undefined;
  const queryClient = useQueryClient();
  const query = usePoll(id);
  const vote = useVote(id);
  const detail = query.data;
  const expired = useExpired(detail);
  // When the page was opened: an owners' vote in its notice period offers no ballot (the server refuses one anyway).
  const [openedAt] = useState(() => Date.now());
  const [choice, setChoice] = useState<string[]>([]);
  const [following, setFollowing] = useState<'no' | 'asking' | 'done'>('no');
  // An owners' ballot is repeated back (choice, homes) before it is cast (issue 37 item 7).
  const [confirming, setConfirming] = useState(false);
  useDocumentTitle(detail?.poll.title ?? '投票');

  if (!id || (query.error instanceof ApiError && query.error.code === Code.notFound)) {
    return (
      <main className="poll-page poll-status">
        <EmptyState title={MSG_POLL_NOT_FOUND}>链接可能有误，或投票已被删除</EmptyState>
      </main>
    );
  }
  if (query.error instanceof ApiError && (LOGIN_CODES.includes(query.error.code) || query.error.code === Code.forbidden)) {
    // An owners' vote is for its owners and the community's staff: log in, or be told why not.
    const login = query.error.code !== Code.forbidden;
    return (
      <main className="poll-page poll-status">
        <EmptyState title={login ? '请登录后查看' : '无法查看'}>
          <p>{login ? '这是业主表决，仅限本小区业主和管理人员查看' : query.error.message}</p>
          {login && (
            <Button color="primary" shape="rounded" onClick={askLogin}>
              去登录
            </Button>
          )}
        </EmptyState>
      </main>
    );
  }
  if (query.isError) {
    return (
      <main className="poll-page poll-status">
        <EmptyState title="投票加载失败">
          <p>{query.error.message}</p>
          <Button color="primary" fill="outline" shape="rounded" onClick={() => void query.refetch()}>
            重新加载
          </Button>
        </EmptyState>
      </main>
    );
  }
  if (!detail) {
    return (
      <main className="poll-page poll-status" role="status" aria-label="加载中">
        <DotLoading color="primary" />
      </main>
    );
  }

  const { poll } = detail;
  const voted = detail.isVote === '1';
  const admin = detail.isAdmin === '1';
  const multiple = poll.type === PollType.multiple;
  const owners = poll.owners;
  // Staff who own nothing here look at an owners' vote without a ballot.
  const outsider = owners !== null && detail.myUnits.length === 0;
  // An owners' vote takes no ballot once cancelled, nor before its start (issue 37).
  const notStarted = Boolean(owners?.start_time && owners.start_time * 1000 > openedAt);
  const canVote = !expired && !voted && !outsider && !owners?.cancelled && !notStarted;
  const receipt = vote.data?.receipt ?? null;
  // The homes this ballot counts for: the viewer's not voted yet (an owner's or a proxy's).
  const covered = detail.myUnits.filter((u) => !u.voted).map((u) => u.label);

  const submit = () =>
    vote.mutate(
      { tid, options: multiple ? choice : choice[0]! },
      {
        onSuccess: () => showToast({ icon: 'success', content: '投票成功' }),
        onSettled: () => setConfirming(false),
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          if (LOGIN_CODES.includes(error.code)) showToast({ content: MSG_LOGIN_TO_VOTE });
          // Voted elsewhere meanwhile, or the deadline passed: show the poll as it is now.
          if (error.code === Code.conflict) void queryClient.invalidateQueries({ queryKey: pollQueryKey(id) });
        },
      },
    );

  const onVote = () => {
    if (choice.length === 0) return void showToast({ content: MSG_CHOOSE_OPTION });
    if (!currentToken()) {
      // Spec §6: tell the voter first, then hand over to the login (the parent page when embedded).
      showToast({ content: MSG_LOGIN_TO_VOTE, duration: 1500, afterClose: askLogin });
      return;
    }
    if (detail.concern === '1' && following !== 'done') return void setFollowing('asking');
    if (owners) return void setConfirming(true);
    submit();
  };

  return (
    <main className="poll-page">
      <header className="poll-hero">
        <div className="poll-tags">
          <Tag round color="#ffffff33">
            {multiple ? '多选' : '单选'}
          </Tag>
          <Tag round color={expired ? '#00000033' : '#ffffff33'}>{expired ? '已截止' : '进行中'}</Tag>
          {owners && (
            <Tag round color="#ffffff33">
              业主表决
            </Tag>
          )}
          {poll.secret && (
            <Tag round color="#ffffff33">
              无记名
            </Tag>
          )}
          {admin && (
            <Tag round color="#ffffff33">
              我发起的
            </Tag>
          )}
        </div>
        <h1 className="poll-title">{poll.title}</h1>
        <p className="poll-meta">
          截止时间：{formatEndTime(poll.end_time)}
          <span className="poll-meta-sep">·</span>
          {owners ? `${poll.voters}户已投` : `${poll.voters}人参与`}
        </p>
      </header>

      <section className="poll-card" aria-label="投票">
        {poll.info && <p className="poll-info">{poll.info}</p>}
        {expired && (
          <p className="poll-notice is-expired" role="status">
            投票已过期
          </p>
        )}
        {voted && (
          <p className="poll-notice is-voted" role="status">
            你已投票
          </p>
        )}
        {owners && detail.myUnits.length > 0 && (
          <p className="poll-notice">
            你的房屋：
            {detail.myUnits.map((u) => `${u.label}（${u.voted ? '已投票' : '未投票'}）`).join('、')}
            {!voted && `。本次投票计入：${covered.join('、')}（${covered.length}户）。`}
          </p>
        )}
        {outsider && <p className="poll-notice">你不是本表决登记在册的业主，仅可查看。</p>}
        {poll.secret && !voted && <p className="poll-notice">无记名投票：你的选择不会与你的身份一起保存，投票后会得到一个回执码。</p>}
        {poll.resultsHidden && <p className="poll-notice">结果将在投票截止后公布。</p>}
        <PollOptions
          options={poll.options}
          multiple={multiple}
          showControls={canVote || expired}
          disabled={!canVote}
          showResults={(voted || admin || expired || outsider) && !poll.resultsHidden}
          value={choice}
          onChange={setChoice}
          unit={owners ? '户' : '票'}
        />
        {following === 'asking' && (
          <FollowPrompt
            qr={poll.concernQr}
            onClose={() => {
              setFollowing('done');
              if (owners) setConfirming(true);
              else submit();
            }}
          />
        )}
        {canVote && confirming && (
          <BallotConfirm
            choice={poll.options.filter((o) => choice.includes(o.option_id)).map((o) => o.title).join('、')}
            homes={covered}
            pending={vote.isPending}
            onConfirm={submit}
            onBack={() => setConfirming(false)}
          />
        )}
        {canVote && following !== 'asking' && !confirming && (
          <Button className="poll-vote" block color="primary" size="large" shape="rounded" loading={vote.isPending} onClick={onVote}>
            投票
          </Button>
        )}
        {/* From the announcement: a proxy may be named (and withdrawn) in the notice period too. */}
        {owners && !expired && !outsider && !owners.cancelled && !voted && !confirming && (canVote || notStarted) && <NameProxy pollId={poll._id} homes={covered} />}
        {owners?.cancelled && (
          <p className="poll-procedure is-cancelled" role="status">
            本表决已于 {formatEndTime(owners.cancelled.at)} 取消，原因：{owners.cancelled.reason}
          </p>
        )}
        {owners && !owners.cancelled && notStarted && (
          <p className="poll-procedure" role="status">
            公告期中：表决将于 {formatEndTime(owners.start_time!)} 开始，届时可以投票。
          </p>
        )}
        {owners?.extendReason && <p className="poll-procedure">本表决已延期，原因：{owners.extendReason}</p>}
        {receipt && <ReceiptCard receipt={receipt} />}
        {owners && <OwnersResult poll={poll} />}
        {owners && <OwnersProcedure poll={poll} />}
        {owners && detail.canExport && (
          <Link className="poll-admin-link poll-desk-link" to={`${WebRoute.pollDesk}?id=${encodeURIComponent(poll._id)}`}>
            录入纸质票与委托
          </Link>
        )}
        {owners?.listed && !poll.resultsHidden && <UnitsList pollId={poll._id} />}
        {poll.secret && <ReceiptCheck pollId={poll._id} published={poll.expired} />}
        {detail.canExport && !poll.resultsHidden && (
          <div className="poll-admin-actions">
            <Button shape="rounded" onClick={() => postDownload(`/v1/polls/${encodeURIComponent(poll._id)}/export`, { token: currentToken() ?? '' })}>
              导出结果
            </Button>
            <Link className="poll-admin-link" to={`${WebRoute.pollNotice}?id=${encodeURIComponent(poll._id)}`}>
              打印公告
            </Link>
          </div>
        )}
      </section>
      {/* A host (app or embedding page) has its own way around; a plain browser gets one. */}
      {currentHost() === 'browser' && (
        <Link className="poll-more" to={WebRoute.pollList}>
          我的投票
        </Link>
      )}
    </main>
  );
}
