// /myorder/refund?id= – 申请退款
export { RefundPage as Component } from '../../features/refunds/pages/refund-page';
