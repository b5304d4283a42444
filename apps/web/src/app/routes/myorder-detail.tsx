// /myorder/detail?id=: one order.
export { OrderDetailPage as Component } from '../../features/orders/pages/order-detail-page';
