// /myorder/myprofit – 团长的收益
export { EarningsPage as Component } from '../../features/earnings/pages/earnings-page';
