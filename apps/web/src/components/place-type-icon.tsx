import type { PlaceType } from '@sq/contract/map/place-types';
import './place-type-icon.css';

/** Colour and a simple drawn glyph per category: recognisable without reading. */
const ICONS: Record<PlaceType | 'neighbours', { bg: string; path: string }> = {
  neighbours: { bg: '#16a34a', path: 'M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm7 0a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zM3 19c0-3.3 2.7-5.5 6-5.5s6 2.2 6 5.5H3zm13.5 0c0-1.9-.6-3.4-1.7-4.6.4-.1.8-.1 1.2-.1 2.8 0 5 1.9 5 4.7h-4.5z' },
  5: { bg: '#f97316', path: 'M4 11h16a8 8 0 0 1-16 0zm3-6c0 1.5 1 1.5 1 3M12 4c0 1.5 1 1.5 1 3M17 5c0 1.5 1 1.5 1 3' },
  6: { bg: '#0ea5e9', path: 'M3 5h2.5l2 10h10l2-7H7M9.5 19.5a1.2 1.2 0 1 0 0-.1M16.5 19.5a1.2 1.2 0 1 0 0-.1' },
  7: { bg: '#8b5cf6', path: 'M4 20V9l8-5 8 5v11H4zm5 0v-6h6v6' },
  8: { bg: '#dc2626', path: 'M3 9l9-5 9 5H3zm2 2v7m4.7-7v7m4.6-7v7M19 11v7M3 20h18' },
  9: { bg: '#10b981', path: 'M9.5 4h5v5.5H20v5h-5.5V20h-5v-5.5H4v-5h5.5z' },
  10: { bg: '#6366f1', path: 'M3 19V6m0 8h18v5m0-5v-2a3 3 0 0 0-3-3h-7v5M7 11.5a1.5 1.5 0 1 0 0-.1' },
  11: { bg: '#84cc16', path: 'M12 21v-6m-6 0h12L12 4z' },
};

export function PlaceTypeIcon({ type }: { type: PlaceType | 'neighbours' }) {
  const icon = ICONS[type];
  const filled = type === 'neighbours' || type === 9;
  return (
    <span className="sq-type-icon" style={{ background: icon.bg }} aria-hidden="true">
      <svg viewBox="0 0 24 24" width="24" height="24">
        <path d={icon.path} fill={filled ? '#fff' : 'none'} stroke={filled ? 'none' : '#fff'} strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </span>
  );
}
