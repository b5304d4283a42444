import { ErrorBlock, InfiniteScroll, Tag } from 'antd-mobile';
import { Link } from 'react-router';
import { CREATE_MULTIPLE_TITLE, CREATE_SINGLE_TITLE } from '@sq/contract/polls/poll-rules';
import { WebRoute } from '@sq/contract/routes';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useMyPolls } from '../api/list-polls';
import { formatEndTime } from '../lib/picker-time';
import './poll-list-page.css';

const createLink = (title: string) => `${WebRoute.createPoll}?title=${encodeURIComponent(title)}`;

/** /chiocelist: polls I created or voted in, open ones first. */
export function PollListPage() {
  useDocumentTitle('我的投票');
  const list = useMyPolls();
  const polls = list.data?.pages.flatMap((p) => p.polls) ?? [];

  return (
    <main className="poll-list">
      <header className="poll-list-header">
        <h1 className="poll-list-title">我的投票</h1>
        <p className="poll-list-subtitle">我发起的和我参与的投票</p>
      </header>
      <nav className="poll-list-create" aria-label="发起投票">
        <Link to={createLink(CREATE_SINGLE_TITLE)}>发起单选投票</Link>
        <Link to={createLink(CREATE_MULTIPLE_TITLE)}>发起多选投票</Link>
      </nav>

      {list.isSuccess && polls.length === 0 ? (
        <ErrorBlock className="poll-list-empty" status="empty" title="暂无数据~" description="发起或参与的投票会出现在这里" />
      ) : (
        <ul className="poll-list-items">
          {polls.map((p) => (
            <li key={p._id}>
              <Link className="poll-list-item" to={`${WebRoute.poll}?id=${encodeURIComponent(p._id)}`}>
                <span className="poll-list-item-title">{p.title}</span>
                <span className="poll-list-item-tags">
                  <Tag color={p.expired ? 'default' : 'success'} fill="outline">
                    {p.expired ? '已截止' : '进行中'}
                  </Tag>
                  <Tag color="default" fill="outline">
                    {p.type === 1 ? '多选' : '单选'}
                  </Tag>
                  {p.isAdmin === '1' && (
                    <Tag color="primary" fill="outline">
                      我发起的
                    </Tag>
                  )}
                  {p.isVote === '1' && (
                    <Tag color="primary" fill="outline">
                      已投票
                    </Tag>
                  )}
                </span>
                <span className="poll-list-item-meta">
                  截止 {formatEndTime(p.end_time)} · {p.voters}人参与
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {(polls.length > 0 || list.isPending) && (
        <InfiniteScroll hasMore={list.hasNextPage || list.isPending} loadMore={async () => void (await list.fetchNextPage())}>
          {(hasMore) => (hasMore ? '加载中…' : '我已经到底了...')}
        </InfiniteScroll>
      )}
    </main>
  );
}
