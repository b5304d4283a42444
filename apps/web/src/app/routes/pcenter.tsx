// /myorder/pcenter – 团长的推广中心
export { PromotionPage as Component } from '../../features/earnings/pages/promotion-page';
