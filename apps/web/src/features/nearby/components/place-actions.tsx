import { parseLocation, type Place } from '@sq/contract/map/map-item';
import './place-actions.css';

/** AMap's URI API opens the AMap app (or its web page) with walking directions to the place. */
export function navigationUrl(place: Pick<Place, 'location' | 'name'>): string | null {
  const at = parseLocation(place.location);
  if (!at) return null;
  return `https://uri.amap.com/navigation?to=${at.lng},${at.lat},${encodeURIComponent(place.name)}&mode=walk&coordinate=gaode&callnative=1`;
}

/** 去这里 and 电话 (spec §2 nearby list). A place without a number shows the button disabled. */
export function PlaceActions({ place }: { place: Pick<Place, 'location' | 'name' | 'tel'> }) {
  const nav = navigationUrl(place);
  const tel = place.tel.replace(/[^\d+-]/g, '');
  return (
    <div className="sq-place-actions" onClick={(e) => e.stopPropagation()}>
      {nav ? (
        <a className="sq-place-action sq-place-go" href={nav} target="_blank" rel="noopener noreferrer">
          去这里
        </a>
      ) : null}
      {tel ? (
        <a className="sq-place-action" href={`tel:${tel}`}>
          电话
        </a>
      ) : (
        <span className="sq-place-action sq-place-action-off" aria-disabled="true" title="暂无电话">
          电话
        </span>
      )}
    </div>
  );
}
