import { lazy, Suspense, useEffect } from 'react';
import Button from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import { DownOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import { WebRoute } from '@sq/contract/routes';
import { ApiError, isClientError } from '../../../lib/api-error';
import { storage, StorageKey } from '../../../lib/storage';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCommunity } from '../../../lib/community-queries';
import { useCurrentCommunityId } from '../../../lib/use-current-community';
import { AccountBar } from '../components/account-bar';
import { EmptyState } from '../../../components/empty-state';
import { MyCommunityList } from '../../../components/my-community-list';
import { StaticMap } from '../../../components/static-map';
import './home-page.css';

// The community's contacts and tabs are a chunk of their own: a first visit without a community
// (the choose-one card) does not download them. With a community remembered on this phone (or in
// the address), the chunk is fetched at once, alongside the community's data; else as soon as the
// account's community is known.
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

/**
 * No answer from the server (no signal, the server away): the contacts need the network, but the
 * pass is kept on the phone – say so and lead to it, instead of an empty page under the header.
 */
function OfflineCard({ poiId }: { poiId: string | null }) {
  const navigate = useNavigate();
  return (
    <section className="sq-home-card sq-home-choose" role="status">
      <EmptyState title="当前离线">联系方式需要联网后才能显示。通行证已保存在本机，离线也可出示。</EmptyState>
      <Button block color="primary" shape="rounded" onClick={() => navigate(poiId ? `${WebRoute.pass}?poiId=${encodeURIComponent(poiId)}` : WebRoute.pass)}>
        打开我的通行证
      </Button>
    </section>
  );
}

/** 社区首页 (spec §2 "/"): the community's contacts on tabs 社区 and 街道, map, shortcuts, 补充信息. */
export function HomePage() {
  const navigate = useNavigate();
  const { poiId, settled, choices, offline } = useCurrentCommunityId();
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

  useEffect(() => {
    if (poiId) void loadCommunityHome();
  }, [poiId]);

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

      {!poiId && settled && choices.length > 0 && (
        <section className="sq-home-card sq-home-choose sq-home-mine">
          <h2 className="sq-home-mine-title">请选择要查看的社区</h2>
          <MyCommunityList communities={choices} linkTo={(id) => `${WebRoute.home}?poiId=${encodeURIComponent(id)}`} />
          <Button block fill="outline" color="primary" shape="rounded" onClick={() => navigate(WebRoute.communityChooser)}>
            选择其他社区
          </Button>
        </section>
      )}
      {!poiId && settled && choices.length === 0 && offline && <OfflineCard poiId={null} />}
      {!poiId && settled && choices.length === 0 && !offline && (
        <section className="sq-home-card sq-home-choose">
          <EmptyState title="您还没有选择社区">选择您所在的小区/社区，查看物业、居委会等联系方式</EmptyState>
          <Button block color="primary" shape="rounded" onClick={() => navigate(WebRoute.communityChooser)}>
            选择社区
          </Button>
        </section>
      )}
      {poiId && community.isError && !isClientError(community.error) && <OfflineCard poiId={poiId} />}
      {((poiId && community.isPending) || !settled) && <HomeLoading />}

      {/* The map is the screen's largest paint: shown as soon as the community's data is here, not after the chunk below. */}
      {c && (
        <section className="sq-home-card sq-home-map">
          <StaticMap lng={c.lng} lat={c.lat} label={c.community} eager />
        </section>
      )}
      {c && (
        <Suspense fallback={<HomeLoading />}>
          <CommunityHome community={c} />
        </Suspense>
      )}
    </main>
  );
}
