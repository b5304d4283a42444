import { Link } from 'react-router';
import type { Community } from '@sq/contract/community/get-community';
import { PLACE_TYPE_IDS, PLACE_TYPES } from '@sq/contract/map/place-types';
import { WebRoute } from '@sq/contract/routes';
import { PlaceTypeIcon } from '../../../components/place-type-icon';
import './shortcuts.css';

/** 社区邻友 and the seven nearby categories, around the community's own location. */
export function Shortcuts({ community }: { community: Community }) {
  const at = `lng=${community.lng}&lat=${community.lat}`;
  return (
    <nav className="sq-shortcuts" aria-label="邻友与周边">
      <Link className="sq-shortcut" to={`${WebRoute.neighbours}?poiid=${encodeURIComponent(community.poiId)}`}>
        <PlaceTypeIcon type="neighbours" />
        <span>社区邻友</span>
      </Link>
      {PLACE_TYPE_IDS.map((type) => (
        <Link key={type} className="sq-shortcut" to={`${WebRoute.nearby}?type=${type}&${at}`}>
          <PlaceTypeIcon type={type} />
          <span>{PLACE_TYPES[type].label}</span>
        </Link>
      ))}
    </nav>
  );
}
