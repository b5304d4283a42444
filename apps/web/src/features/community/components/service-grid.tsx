import { Link } from 'react-router';
import type { Community } from '@sq/contract/community/get-community';
import { SERVICE_CATEGORIES, SERVICE_CATEGORY_IDS, type ServiceCategory } from '@sq/contract/map/service-categories';
import { WebRoute } from '@sq/contract/routes';
import './service-grid.css';

/**
 * Our own line drawings (24×24, stroked in white on the category's colour), recognisable without
 * reading: a swing, a bowl, a steaming pool, an apple, a card, a palette, parent and child, a
 * feeding bottle, building blocks, a wrench.
 */
const ICONS: Record<ServiceCategory, { bg: string; path: string }> = {
  playground: { bg: '#c2410c', path: 'M4 20L8 4h8l4 16M8 4l4 16M16 4l-4 16M9.5 14h5' },
  food: { bg: '#b45309', path: 'M4 11h16a8 8 0 0 1-16 0zM9 7V4m3 3V4m3 3V4' },
  hotspring: { bg: '#0369a1', path: 'M3 16c2 0 2 1.5 4.5 1.5S10 16 12 16s2 1.5 4.5 1.5S19 16 21 16M3 20h18M8 11c0-2 2-2 2-4M12 11c0-2 2-2 2-4M16 11c0-2 2-2 2-4' },
  fruit: { bg: '#b91c1c', path: 'M12 7c-3-2-8-1-8 5 0 5 4 9 6 9 1 0 1.5-.5 2-.5s1 .5 2 .5c2 0 6-4 6-9 0-6-5-7-8-5zm0 0c0-2 1-3.5 3-4' },
  membership: { bg: '#6d28d9', path: 'M3 7h18v11H3zM3 11h18M7 15h4' },
  classes: { bg: '#a21caf', path: 'M12 3a9 9 0 1 0 0 18c1.5 0 1.5-1.5 1-2.5-.6-1.2.2-2.5 1.6-2.5H17a4 4 0 0 0 4-4c0-5-4-9-9-9zM7.5 12h.01M9.5 8h.01M14.5 8h.01' },
  family: { bg: '#be185d', path: 'M8 7a2 2 0 1 0 0-.1M16.5 11a1.5 1.5 0 1 0 0-.1M5 21v-6l-1-4h8l-1 4v6M14 21v-4l-.5-3h6l-.5 3v4' },
  maternity: { bg: '#9d174d', path: 'M10 3h4v3h-4zM9 6h6l1 4v10H8V10zM8 13h8' },
  earlyEducation: { bg: '#047857', path: 'M4 13h7v7H4zM13 13h7v7h-7zM8.5 4h7v7h-7z' },
  lifeServices: { bg: '#1d4ed8', path: 'M14.5 6.5a4 4 0 0 0-5.3 5L4 16.7 7.3 20l5.2-5.2a4 4 0 0 0 5-5.3l-2.5 2.5-2.3-.7-.7-2.3z' },
};

/**
 * 社区服务: the ten service categories of spec §9, each leading to the places of that kind around
 * the community (/around?service=…, within the search radius).
 */
export function ServiceGrid({ community }: { community: Community }) {
  const at = `lng=${community.lng}&lat=${community.lat}`;
  return (
    <nav className="sq-services" aria-labelledby="sq-services-title">
      <h2 id="sq-services-title" className="sq-services-title">
        社区服务
      </h2>
      <ul className="sq-services-grid">
        {SERVICE_CATEGORY_IDS.map((id) => (
          <li key={id}>
            <Link className="sq-service" to={`${WebRoute.nearby}?service=${id}&${at}`}>
              <span className="sq-service-icon" style={{ background: ICONS[id].bg }} aria-hidden="true">
                <svg viewBox="0 0 24 24" width="24" height="24">
                  <path d={ICONS[id].path} fill="none" stroke="#fff" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              </span>
              <span>{SERVICE_CATEGORIES[id].label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
