// /coupon (?id=…): 我的优惠券 by state; one coupon's rotating code for the counter.
export { MyCouponsPage as Component } from '../../features/coupons/pages/my-coupons-page';
