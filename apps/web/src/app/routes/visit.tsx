// /visit?t=…: 访客通行证 – the invited visitor's pass, opened from the SMS link without an account.
export { VisitPage as Component } from '../../features/pass/pages/visit-page';
