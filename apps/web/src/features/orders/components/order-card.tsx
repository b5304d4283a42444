import { Link } from 'react-router';
import { priceText } from '@sq/contract/money';
import { orderStatusText } from '@sq/contract/orders/order-rules';
import type { Order } from '@sq/contract/orders/orders';
import { WebRoute } from '@sq/contract/routes';

/** One order in a list: the group buy, its lines in short, total and state. */
export function OrderCard({ o }: { o: Order }) {
  return (
    <Link className="gb-card gb-order" to={`${WebRoute.orderDetail}?id=${o.id}`} data-testid="order-card">
      <div className="gb-card-body">
        <p className="gb-order-head">
          <span className="gb-item-name">{o.groupBuy.title}</span>
          <span className={`gb-status gb-status-${o.status}`}>{orderStatusText(o.status)}</span>
        </p>
        <p className="gb-hint">{o.lines.map((l) => `${l.name}×${l.qty}`).join('，')}</p>
        <p className="gb-price">{priceText(o.totalFen)}</p>
      </div>
    </Link>
  );
}
