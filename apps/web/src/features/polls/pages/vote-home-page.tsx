import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import { Link, useSearchParams } from 'react-router';
import { CREATE_MULTIPLE_TITLE, CREATE_SINGLE_TITLE } from '@sq/contract/polls/poll-rules';
import { WebRoute } from '@sq/contract/routes';
import { PageHeader } from '../../../components/page-header';
import { TabBar } from '../../../components/tab-bar';
import { useCommunity } from '../../../lib/community-queries';
import { getNativeToken } from '../../../lib/native-bridge';
import { StorageKey } from '../../../lib/storage';
import { useCurrentCommunityId } from '../../../lib/use-current-community';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useStoredValue } from '../../../lib/use-stored-value';
import { useOwnersStart } from '../api/owners-start';
import { CommunityPolls, MyPolls } from '../components/vote-home-lists';
import { askLogin } from '../lib/ask-login';
import './vote-home-page.css';

type Tab = 'community' | 'mine';
const TABS = [
  { key: 'community', title: '本小区' },
  { key: 'mine', title: '我的投票' },
] as const;

/** /svote for a single or multiple choice poll, published to the community when there is one. */
const createLink = (title: string, poiId: string | null) =>
  `${WebRoute.createPoll}?title=${encodeURIComponent(title)}${poiId ? `&poiId=${encodeURIComponent(poiId)}` : ''}`;

/**
 * /vote (社区投票): the residents' home of polls – starting one, the community's polls and the
 * owners' votes they may vote in (those waiting for their vote marked), and their own polls. The
 * tab is kept in the address, so coming back from a poll shows the same list.
 */
export function VoteHomePage() {
  useDocumentTitle('社区投票');
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'mine' ? 'mine' : 'community';
  const token = useStoredValue(StorageKey.token);
  const [nativeToken] = useState(getNativeToken);
  const loggedIn = Boolean(token || nativeToken);
  const { poiId, settled } = useCurrentCommunityId();
  const community = useCommunity(poiId);
  const name = community.data?.community;
  // Only a 业主委员会 member or the community's staff may start an owners' vote: the server says who.
  const ownersStart = useOwnersStart(poiId, loggedIn).data;

  const switchTab = (key: Tab) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (key === 'mine') next.set('tab', 'mine');
        else next.delete('tab');
        return next;
      },
      { replace: true },
    );

  return (
    <main className="vote-home">
      <PageHeader heading title="社区投票" />
      {!loggedIn ? (
        <section className="vote-home-card vote-home-login">
          <h2 className="vote-home-card-title">登录后参与投票</h2>
          <p className="vote-home-note">登录后可以查看本小区的投票和业主表决、参与投票，也可以自己发起投票。</p>
          <Button block color="primary" shape="rounded" size="large" onClick={askLogin}>
            去登录
          </Button>
        </section>
      ) : (
        <>
          <section className="vote-home-card vote-home-create" aria-labelledby="vote-home-create-title">
            <h2 id="vote-home-create-title" className="vote-home-card-title">
              发起投票
            </h2>
            <p className="vote-home-note">{name ? `发布到${name}，本小区居民都能看到并参与` : '发起后可以把链接分享给邻居'}</p>
            <div className="vote-home-create-actions">
              <Link className="vote-home-create-main" to={createLink(CREATE_SINGLE_TITLE, poiId)}>
                单选投票
              </Link>
              <Link className="vote-home-create-main" to={createLink(CREATE_MULTIPLE_TITLE, poiId)}>
                多选投票
              </Link>
            </div>
          </section>

          {ownersStart?.canStart && poiId && (
            <section className="vote-home-card vote-home-create" aria-labelledby="vote-home-owners-title">
              <h2 id="vote-home-owners-title" className="vote-home-card-title">
                业主表决
              </h2>
              <p className="vote-home-note">以{ownersStart.issuer}名义发起，按房屋登记每户一票</p>
              <div className="vote-home-create-actions">
                <Link className="vote-home-create-main" to={`${WebRoute.ownersVoteStart}?poiId=${encodeURIComponent(poiId)}`}>
                  发起业主表决
                </Link>
              </div>
            </section>
          )}

          <TabBar className="vote-home-tabs" label="投票列表" tabs={TABS} value={tab} onChange={switchTab} />
          {tab === 'community' ? <CommunityPolls poiId={poiId} settled={settled} name={name} /> : <MyPolls />}
        </>
      )}
    </main>
  );
}
