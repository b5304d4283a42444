import { useState } from 'react';
import { staticMapUrl } from '@sq/contract/map/static-map';
import './static-map.css';

/**
 * The map image around a point (spec §2 "a static map image"), from the server's map provider.
 * `eager` where it is the first thing on the screen (the community home: its largest paint), lazy
 * where it sits further down.
 */
export function StaticMap({ lng, lat, label, eager = false }: { lng: number; lat: number; label: string; eager?: boolean }) {
  const [failed, setFailed] = useState(false);
  if (failed) return <div className="sq-static-map sq-static-map-failed">地图暂时无法显示</div>;
  return <img className="sq-static-map" src={staticMapUrl(lng, lat)} alt={`${label}位置地图`} loading={eager ? 'eager' : 'lazy'} onError={() => setFailed(true)} />;
}
