// /crules (?id=…): a batch's rules, or how coupons work.
export { CouponRulesPage as Component } from '../../features/coupons/pages/rules-page';
