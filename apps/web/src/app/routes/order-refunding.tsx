// /myorder/refunding – 退款进度
export { RefundingPage as Component } from '../../features/refunds/pages/refunding-page';
