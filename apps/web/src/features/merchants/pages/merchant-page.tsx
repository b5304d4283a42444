import { useSearchParams } from 'react-router';
import '../merchants.css';
import { ShopListPage } from './shop-list-page';
import { ShopPage } from './shop-page';

/** /bussiness (spelled as the seed spells it): ?id= a shop's page, ?category= the shops of a category. */
export function MerchantPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  return id ? <ShopPage id={id} /> : <ShopListPage category={params.get('category') ?? ''} />;
}
