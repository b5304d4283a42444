import type { FastifyRequest } from 'fastify';
import { cancelOrder, createOrder, getOrder, listMyOrders } from '@sq/contract/orders/orders';
import type { RouteKit } from '../../lib/route-kit';
import type { OrdersService } from './orders-service';

const idParam = (req: FastifyRequest) => (req.params as Record<string, string>).id ?? '';

/** Orders of group buys (issue 36 item 2): placing, cancelling while unpaid, the buyer's lists and detail. */
export function orderRoutes(kit: RouteKit, orders: OrdersService) {
  kit.authed(createOrder, ({ caller, body }) => orders.create(caller, body));
  kit.authed(cancelOrder, ({ caller, req }) => orders.cancel(caller, idParam(req)));
  kit.authed(listMyOrders, ({ caller, query }) => orders.mine(caller, query.state, query.cursor));
  kit.authed(getOrder, ({ caller, req }) => orders.get(caller, idParam(req)));
}
