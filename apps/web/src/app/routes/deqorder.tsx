// /myorder/deqorder – 待取订单 (团长/店铺: the day list, refunds, 扫码提货; residents: their codes)
export { DeqorderPage as Component } from '../../features/pickup/pages/deqorder-page';
