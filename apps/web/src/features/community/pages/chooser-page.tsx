import { useCallback, useEffect, useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import Toast from 'antd-mobile/es/components/toast';
import { CloseOutline, EnvironmentOutline, SearchOutline } from 'antd-mobile-icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import type { LngLat } from '@sq/contract/map/geo';
import { WebRoute } from '@sq/contract/routes';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { locate, storedLocation } from '../../../lib/locate';
import { nearbyCommunitiesQuery, regeoQuery } from '../../../lib/map-queries';
import { usePickAndGo } from '../api/use-pick-and-go';
import { CommunityList } from '../components/community-list';
import { EmptyState } from '../../../components/empty-state';
import './chooser-page.css';

const TITLE = '选择您所在小区/社区';

/**
 * Community chooser (/chiocesq): nearby communities within 1000 m of the user's fix, a relocate
 * button and a search box. Opened with a `type` (switching, or the previous community was not
 * found) it shows a close button; on first use there is nothing to close back to.
 */
export function ChooserPage() {
  useDocumentTitle(TITLE);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const type = params.get('type');
  const [at, setAt] = useState<LngLat | null>(storedLocation);
  // A fix is asked for on opening; the list shows the last known place meanwhile.
  const [locating, setLocating] = useState(true);
  const [failure, setFailure] = useState<string | null>(null);
  const nearby = useQuery({ ...nearbyCommunitiesQuery(at ?? { lng: 0, lat: 0 }), enabled: Boolean(at) });
  const place = useQuery({ ...regeoQuery(at ?? { lng: 0, lat: 0 }), enabled: Boolean(at) });
  const picker = usePickAndGo();

  const settle = useCallback((fix: Promise<LngLat>) => {
    fix
      .then((found) => setAt(found))
      .catch((e: Error) => {
        setFailure(e.message);
        Toast.show({ content: e.message });
      })
      .finally(() => setLocating(false));
  }, []);

  const relocate = () => {
    setLocating(true);
    setFailure(null);
    settle(locate());
  };

  useEffect(() => settle(locate()), [settle]);

  return (
    <main className="sq-chooser">
      <header className="sq-chooser-header">
        <h1 className="sq-chooser-title">{TITLE}</h1>
        {type && (
          <button type="button" className="sq-chooser-close" aria-label="关闭" onClick={() => navigate(WebRoute.home, { replace: true })}>
            <CloseOutline />
          </button>
        )}
        {type === 'error' && <p className="sq-chooser-notice">没有找到之前的社区，请重新选择</p>}
        <button type="button" className="sq-chooser-search" onClick={() => navigate(WebRoute.search)}>
          <SearchOutline />
          搜索小区/社区名称
        </button>
      </header>

      <section className="sq-chooser-card">
        <div className="sq-chooser-here">
          <EnvironmentOutline className="sq-chooser-pin" />
          <div className="sq-chooser-here-text">
            <span className="sq-chooser-label">当前位置</span>
            <span className="sq-chooser-place">{locating ? '正在定位…' : at ? (place.data ?? '…') : (failure ?? '未能获取位置')}</span>
          </div>
          <Button size="small" fill="outline" color="primary" shape="rounded" loading={locating} onClick={relocate}>
            重新定位
          </Button>
        </div>
      </section>

      <section className="sq-chooser-card" aria-label="附近小区">
        <h2 className="sq-chooser-subtitle">附近 1000 米内的小区/社区</h2>
        {!at && !locating && <EmptyState title="暂无数据~">无法获取您的位置，请开启定位后重新定位，或搜索小区名称</EmptyState>}
        {at && nearby.isPending && (
          <div className="sq-chooser-loading" role="status" aria-label="加载中">
            <DotLoading color="primary" />
          </div>
        )}
        {nearby.data?.length === 0 && <EmptyState>附近 1000 米内没有找到小区，试试搜索吧</EmptyState>}
        {nearby.data && nearby.data.length > 0 && <CommunityList communities={nearby.data} onPick={(c) => void picker.pick(c)} />}
      </section>
    </main>
  );
}
