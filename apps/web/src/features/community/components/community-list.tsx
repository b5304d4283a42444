import List from 'antd-mobile/es/components/list';
import { formatDistance } from '@sq/contract/map/geo';
import type { MapCommunity } from '@sq/contract/map/map-item';
import './community-list.css';

/** Communities to pick from: name, address, and how far away when known. */
export function CommunityList({ communities, onPick }: { communities: MapCommunity[]; onPick: (c: MapCommunity) => void }) {
  return (
    <List className="sq-community-list">
      {communities.map((c) => (
        <List.Item
          key={c.poiId}
          onClick={() => onPick(c)}
          description={[c.adname, c.address].filter(Boolean).join(' · ')}
          extra={c.distance !== null ? <span className="sq-community-distance">{formatDistance(c.distance)}</span> : undefined}
        >
          {c.name}
        </List.Item>
      ))}
    </List>
  );
}
