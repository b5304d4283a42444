import Toast from 'antd-mobile/es/components/toast';
import { useNavigate } from 'react-router';
import type { MapCommunity } from '@sq/contract/map/map-item';
import { WebRoute } from '@sq/contract/routes';
import { usePickCommunity } from '../../../lib/community-queries';

/** Picks a community (joining it when logged in) and returns to its home page (spec §2 /search). */
export function usePickAndGo() {
  const navigate = useNavigate();
  const picker = usePickCommunity();
  return {
    isPending: picker.isPending,
    async pick(c: MapCommunity) {
      try {
        await picker.pick(c.poiId);
      } catch {
        // The API client has toasted why (or gone to log in); stay here.
        return;
      }
      Toast.show({ content: `已选择「${c.name}」` });
      navigate(WebRoute.home, { replace: true });
    },
  };
}
