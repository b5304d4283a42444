import { useSearchParams } from 'react-router';
import { CommunityInfoPage } from '../../features/info/pages/community-info-page';
import { ReviewPage } from '../../features/info/pages/review-page';

// /sqmsg is the community info page; with review=1 it is the staff's review queue for it.
export function Component() {
  const [params] = useSearchParams();
  return params.get('review') === '1' ? <ReviewPage /> : <CommunityInfoPage />;
}
