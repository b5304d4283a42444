// /myorder: the group-buy centre.
export { OrdersCentrePage as Component } from '../../features/orders/pages/orders-centre-page';
