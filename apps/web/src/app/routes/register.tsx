// /addmsg?poiId=…[&glmsk=1]: entry registration, or staff registering someone (信息登记).
export { RegisterPage as Component } from '../../features/pass/pages/register-page';
