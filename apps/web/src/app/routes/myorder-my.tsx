// /myorder/my?state=: the caller's orders by state.
export { MyOrdersPage as Component } from '../../features/orders/pages/my-orders-page';
