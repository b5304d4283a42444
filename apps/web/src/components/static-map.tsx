import { useState } from 'react';
import { staticMapUrl } from '@sq/contract/map/static-map';
import './static-map.css';

/** The map image around a point (spec §2 "a static map image"), from the server's map provider. */
export function StaticMap({ lng, lat, label }: { lng: number; lat: number; label: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return <div className="sq-static-map sq-static-map-failed">地图暂时无法显示</div>;
  return <img className="sq-static-map" src={staticMapUrl(lng, lat)} alt={`${label}位置地图`} loading="lazy" onError={() => setFailed(true)} />;
}
