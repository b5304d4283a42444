import { useState, type FormEvent } from 'react';
import Button from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import List from 'antd-mobile/es/components/list';
import Toast from 'antd-mobile/es/components/toast';
import { SearchOutline } from 'antd-mobile-icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { formatDistance, type LngLat } from '@sq/contract/map/geo';
import { MSG_KEYWORD_REQUIRED, parseLocation } from '@sq/contract/map/map-item';
import { WebRoute } from '@sq/contract/routes';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCommunity } from '../../../lib/community-queries';
import { PageHeader } from '../../../components/page-header';
import { storedLocation } from '../../../lib/locate';
import { mapConfigQuery, regeoQuery, searchPlacesQuery } from '../../../lib/map-queries';
import { LeafletMap } from '../components/leaflet-map';
import './map-picker-page.css';

/** Tiananmen: the last resort centre when neither the form, the community nor a fix gives one. */
const BEIJING = { lng: 116.397504, lat: 39.908657 };
const num = (v: string | null) => (v !== null && v !== '' && Number.isFinite(Number(v)) ? Number(v) : null);

/** /map: pick a point by clicking or searching; confirm returns to /errcon (or `back`) with lng, lat, title, id, ads. */
export function MapPickerPage() {
  useDocumentTitle('选择位置');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const given = num(params.get('lng')) !== null && num(params.get('lat')) !== null ? { lng: num(params.get('lng'))!, lat: num(params.get('lat'))! } : null;
  const community = useCommunity(given ? null : params.get('poiId'));
  const [picked, setPicked] = useState<LngLat | null>(given);
  const [centre, setCentre] = useState<LngLat | null>(given);
  const [text, setText] = useState('');
  const [keyword, setKeyword] = useState('');
  const [tilesFailed, setTilesFailed] = useState(false);
  const config = useQuery(mapConfigQuery());
  const address = useQuery({ ...regeoQuery(picked ?? BEIJING), enabled: Boolean(picked) });
  const start = centre ?? (community.data ? { lng: community.data.lng, lat: community.data.lat } : null) ?? storedLocation() ?? BEIJING;
  const results = useQuery({ ...searchPlacesQuery(keyword, start), enabled: keyword !== '' });
  const waiting = !config.data || (!given && params.get('poiId') && community.isPending);

  const search = (e: FormEvent) => {
    e.preventDefault();
    const value = text.trim();
    if (!value) {
      Toast.show({ content: MSG_KEYWORD_REQUIRED });
      return;
    }
    setKeyword(value);
  };

  const choose = (location: string) => {
    const at = parseLocation(location);
    if (!at) return;
    setPicked(at);
    setCentre(at);
    setKeyword('');
  };

  const confirm = () => {
    if (!picked) {
      Toast.show({ content: '请先在地图上点选位置' });
      return;
    }
    const q = new URLSearchParams({
      title: params.get('title') ?? '',
      id: params.get('id') ?? '',
      lng: picked.lng.toFixed(6),
      lat: picked.lat.toFixed(6),
      ads: address.data ?? '',
    });
    // `back`: a form of this app other than /errcon that asked for the point (the shop's, /business).
    const back = params.get('back');
    navigate(`${back && /^\/[a-z]/.test(back) ? back : WebRoute.correction}?${q}`, { replace: true });
  };

  return (
    <main className="sq-map-page">
      <PageHeader title="选择位置" />
      <form className="sq-map-search" onSubmit={search} role="search">
        <label className="sq-map-search-box">
          <SearchOutline aria-hidden="true" />
          <input type="search" enterKeyHint="search" placeholder="请输入要搜索的内容" value={text} maxLength={50} onChange={(e) => setText(e.target.value)} />
        </label>
        <Button type="submit" size="small" color="primary" shape="rounded">
          搜索
        </Button>
      </form>
      {keyword && (
        <section className="sq-map-results" aria-label="搜索结果">
          {results.isPending ? (
            <DotLoading color="primary" />
          ) : results.data?.length ? (
            <List>
              {results.data.map((p) => (
                <List.Item key={p.id} description={p.address} extra={p.distance !== null ? formatDistance(p.distance) : undefined} onClick={() => choose(p.location)}>
                  {p.name}
                </List.Item>
              ))}
            </List>
          ) : (
            <p className="sq-map-none">暂无数据~</p>
          )}
        </section>
      )}
      <div className="sq-map-area">
        {waiting ? (
          <DotLoading color="primary" />
        ) : (
          <LeafletMap
            centre={start}
            picked={picked}
            tileUrl={config.data!.tileUrl}
            tileSubdomains={config.data!.tileSubdomains}
            onPick={setPicked}
            onTilesFailed={() => setTilesFailed(true)}
          />
        )}
        {(tilesFailed || config.data?.tileUrl === '') && <p className="sq-map-notice">地图底图暂时无法显示，仍可点击地图选择位置</p>}
      </div>
      <footer className="sq-map-panel">
        <div className="sq-map-address" aria-live="polite">
          <span className="sq-map-address-label">已选位置</span>
          <span data-testid="picked-address">{!picked ? '点击地图选择位置' : address.isPending ? '正在获取地址…' : (address.data ?? '无法获取地址')}</span>
        </div>
        <Button block color="primary" shape="rounded" disabled={!picked || address.isPending} onClick={confirm}>
          确定
        </Button>
      </footer>
    </main>
  );
}
