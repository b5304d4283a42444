import { useEffect, useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import Tabs from 'antd-mobile/es/components/tabs';
import { DownOutline, RightOutline } from 'antd-mobile-icons';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { WebRoute } from '@sq/contract/routes';
import { ApiError } from '../../../lib/api-error';
import { storage, StorageKey } from '../../../lib/storage';
import { useStoredValue } from '../../../lib/use-stored-value';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { reviewStatusQuery } from '../../info/api/info-queries';
import { useStartCorrection } from '../../info/api/use-start-correction';
import { InfoList } from '../../info/components/info-list';
import { StaticMap } from '../../map/components/static-map';
import { useCommunity } from '../api/community-queries';
import { useCurrentCommunityId } from '../api/use-current-community';
import { AccountBar } from '../components/account-bar';
import { EmptyState } from '../components/empty-state';
import { Shortcuts } from '../components/shortcuts';
import './home-page.css';

type Tab = 'community' | 'street';

/** 社区首页 (spec §2 "/"): the community's contacts on tabs 社区 and 街道, map, shortcuts, 补充信息. */
export function HomePage() {
  const navigate = useNavigate();
  const { poiId, settled } = useCurrentCommunityId();
  const community = useCommunity(poiId);
  const [tab, setTab] = useState<Tab>('community');
  const token = useStoredValue(StorageKey.token);
  const c = community.data;
  useDocumentTitle(c?.community);
  const startCorrection = useStartCorrection(c);
  const street = tab === 'street' && Boolean(c?.streetId);
  const scope = c ? (street ? { streetId: c.streetId } : { poiId: c.poiId }) : null;
  const review = useQuery({ ...reviewStatusQuery(scope ?? { poiId: '' }, token), enabled: Boolean(token && scope) });

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
          {c ? (
            <button type="button" className="sq-home-switch" onClick={chooser} aria-label={`切换社区，当前：${c.community}`}>
              <span className="sq-home-name">{c.community}</span>
              <DownOutline />
            </button>
          ) : (
            <span className="sq-home-name">社区服务</span>
          )}
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
      {((poiId && community.isPending) || !settled) && (
        <div className="sq-home-loading" role="status" aria-label="加载中">
          <DotLoading color="primary" />
        </div>
      )}

      {c && scope && (
        <>
          <section className="sq-home-card sq-home-map">
            <StaticMap lng={c.lng} lat={c.lat} label={c.community} />
          </section>
          <Shortcuts community={c} />
          {review.data?.canReview && review.data.pending > 0 && (
            <Link
              className="sq-home-review"
              to={`${WebRoute.communityInfo}?review=1&${street ? `streetId=${encodeURIComponent(c.streetId)}` : `poiId=${encodeURIComponent(c.poiId)}`}`}
            >
              有 {review.data.pending} 条{street ? '街道' : ''}信息待审核
              <RightOutline />
            </Link>
          )}
          <Tabs className="sq-home-tabs" activeKey={tab} onChange={(key) => setTab(key as Tab)}>
            <Tabs.Tab title="社区" key="community" />
            <Tabs.Tab title="街道" key="street" />
          </Tabs>
          {tab === 'street' && !c.streetId ? (
            <EmptyState title="暂无数据~">暂未找到该社区所属街道的信息</EmptyState>
          ) : (
            <InfoList
              key={JSON.stringify(scope)}
              scope={scope}
              onCorrect={(info) => void startCorrection({ kind: 'correct', info, street })}
              onAdd={(typeId) => void startCorrection({ kind: 'add', typeId, street })}
            />
          )}
          <div className="sq-home-bottom">
            <Button block color="primary" shape="rounded" size="large" onClick={() => void startCorrection({ kind: 'add', street })}>
              补充信息
            </Button>
          </div>
        </>
      )}
    </main>
  );
}
