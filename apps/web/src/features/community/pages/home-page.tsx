import { lazy, Suspense, useEffect } from 'react';
import Button from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import { DownOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import { WebRoute } from '@sq/contract/routes';
import { ApiError } from '../../../lib/api-error';
import { storage, StorageKey } from '../../../lib/storage';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCommunity } from '../../../lib/community-queries';
import { useCurrentCommunityId } from '../../../lib/use-current-community';
import { AccountBar } from '../components/account-bar';
import { EmptyState } from '../../../components/empty-state';
import './home-page.css';

// The community's contacts, map and tabs are a chunk of their own: a first visit without a
// community (the choose-one card) does not download them. With a community remembered on this
// phone, the chunk is fetched at once, alongside the community's data.
const loadCommunityHome = () => import('../components/community-home');
const CommunityHome = lazy(async () => ({ default: (await loadCommunityHome()).CommunityHome }));
if (storage.get(StorageKey.currentCommunity) || new URLSearchParams(window.location.search).has('poiId')) void loadCommunityHome();

function HomeLoading() {
  return (
    <div className="sq-home-loading" role="status" aria-label="加载中">
      <DotLoading color="primary" />
    </div>
  );
}

/** 社区首页 (spec §2 "/"): the community's contacts on tabs 社区 and 街道, map, shortcuts, 补充信息. */
export function HomePage() {
  const navigate = useNavigate();
  const { poiId, settled } = useCurrentCommunityId();
  const community = useCommunity(poiId);
  const c = community.data;
  useDocumentTitle(c?.community);

  // A link to a community that does not exist (any more): let the user choose another one.
  const missing = community.error instanceof ApiError && community.error.code === 404;
  useEffect(() => {
    if (!missing) return;
    storage.remove(StorageKey.currentCommunity);
    navigate(`${WebRoute.communityChooser}?type=error`, { replace: true });
  }, [missing, navigate]);

  const chooser = () => navigate(`${WebRoute.communityChooser}?type=switch`);

  return (
    <main className="sq-home">
      <header className="sq-home-header">
        <div className="sq-home-top">
          {/* The page's heading is the community's name (screen readers jump to it first). */}
          <h1 className="sq-home-h1">
            {c ? (
              <button type="button" className="sq-home-switch" onClick={chooser} aria-label={`切换社区，当前：${c.community}`}>
                <span className="sq-home-name">{c.community}</span>
                <DownOutline />
              </button>
            ) : (
              <span className="sq-home-name">社区服务</span>
            )}
          </h1>
          <AccountBar />
        </div>
        {c && (
          <p className="sq-home-address">
            {c.adname} · {c.address}
          </p>
        )}
      </header>

      {!poiId && settled && (
        <section className="sq-home-card sq-home-choose">
          <EmptyState title="您还没有选择社区">选择您所在的小区/社区，查看物业、居委会等联系方式</EmptyState>
          <Button block color="primary" shape="rounded" onClick={() => navigate(WebRoute.communityChooser)}>
            选择社区
          </Button>
        </section>
      )}
      {((poiId && community.isPending) || !settled) && <HomeLoading />}

      {c && (
        <Suspense fallback={<HomeLoading />}>
          <CommunityHome community={c} />
        </Suspense>
      )}
    </main>
  );
}
