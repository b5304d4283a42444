// /bs?shop=…: 商家收银台 – the counter page a shop's staff keep open to scan coupons.
export { CounterPage as Component } from '../../features/coupons/pages/counter-page';
