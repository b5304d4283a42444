// /business: 商家中心 – apply, review state, clerks; 商家审核 for reviewers.
export { BusinessPage as Component } from '../../features/merchants/pages/business-page';
