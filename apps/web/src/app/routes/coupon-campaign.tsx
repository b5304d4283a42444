// /cactivity?id=…: a coupon batch's campaign page.
import { BatchPage } from '../../features/coupons/pages/batch-page';

export const Component = () => <BatchPage campaign />;
