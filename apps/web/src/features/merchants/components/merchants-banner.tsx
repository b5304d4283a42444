import { Link } from 'react-router';
import { SERVICE_CATEGORIES, type ServiceCategory } from '@sq/contract/map/service-categories';
import { WebRoute } from '@sq/contract/routes';
import '../merchants.css';

/** On a 社区服务 category's list of map places: its merchants reviewed by the community, one tap away. */
export function MerchantsBanner({ category }: { category: ServiceCategory }) {
  return (
    <Link className="mc-banner" to={`${WebRoute.merchantPage}?category=${category}`}>
      <span>本社区认证的{SERVICE_CATEGORIES[category].label}商家（含优惠券）</span>
      <span aria-hidden="true">›</span>
    </Link>
  );
}
