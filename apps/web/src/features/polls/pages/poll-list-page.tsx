import ErrorBlock from 'antd-mobile/es/components/error-block';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import { Link } from 'react-router';
import { CREATE_MULTIPLE_TITLE, CREATE_SINGLE_TITLE } from '@sq/contract/polls/poll-rules';
import { WebRoute } from '@sq/contract/routes';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useMyPolls } from '../api/list-polls';
import { PollListCard } from '../components/poll-list-card';
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
              <PollListCard poll={p} />
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
