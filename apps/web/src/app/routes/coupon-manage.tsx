// /couponmanage?shop=…: a shop's coupon management (owner publishes; clerks see).
export { CouponManagePage as Component } from '../../features/coupons/pages/manage-page';
