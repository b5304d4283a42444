import { useEffect, useRef } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { LngLat } from '@sq/contract/map/geo';
import './leaflet-map.css';

/**
 * Leaflet over the configured tiles (GCJ-02, like AMap's own tiles, so points line up). Without
 * tiles, or offline, the map is a plain grid and clicking still picks a point (DESIGN.md §7).
 */
export function LeafletMap({
  centre,
  picked,
  tileUrl,
  tileSubdomains,
  onPick,
  onTilesFailed,
}: {
  centre: LngLat;
  picked: LngLat | null;
  tileUrl: string;
  tileSubdomains: string;
  onPick: (at: LngLat) => void;
  onTilesFailed: () => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const marker = useRef<L.Marker | null>(null);
  const handlers = useRef({ onPick, onTilesFailed });
  useEffect(() => {
    handlers.current = { onPick, onTilesFailed };
  });

  useEffect(() => {
    if (!box.current) return;
    const m = L.map(box.current, { zoomControl: true, attributionControl: false }).setView([centre.lat, centre.lng], 17);
    if (tileUrl) {
      let failures = 0;
      L.tileLayer(tileUrl, { subdomains: tileSubdomains, maxZoom: 19, minZoom: 3 })
        .on('tileerror', () => {
          if (++failures === 3) handlers.current.onTilesFailed();
        })
        .addTo(m);
    }
    m.on('click', (e: L.LeafletMouseEvent) => handlers.current.onPick({ lng: e.latlng.lng, lat: e.latlng.lat }));
    map.current = m;
    return () => {
      m.remove();
      map.current = null;
      marker.current = null;
    };
    // The map is created once; later centre changes pan it (below).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tileUrl, tileSubdomains]);

  useEffect(() => {
    map.current?.panTo([centre.lat, centre.lng]);
  }, [centre.lat, centre.lng]);

  useEffect(() => {
    const m = map.current;
    if (!m) return;
    if (!picked) {
      marker.current?.remove();
      marker.current = null;
      return;
    }
    const icon = L.divIcon({ className: 'sq-map-pin', html: '<span></span>', iconSize: [28, 36], iconAnchor: [14, 34] });
    if (marker.current) marker.current.setLatLng([picked.lat, picked.lng]);
    else marker.current = L.marker([picked.lat, picked.lng], { icon, keyboard: false }).addTo(m);
  }, [picked]);

  return <div ref={box} className="sq-leaflet" role="application" aria-label="地图，点击选择位置" />;
}
