// /pay?order=…: pay an order with WeChat Pay (issue 36).
export { OrderPayPage as Component } from '../../features/payments/pages/pay-page';
