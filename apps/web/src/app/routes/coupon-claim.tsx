// /rcoupon?id=…: what a shared link or a poster opens – claim a coupon.
import { BatchPage } from '../../features/coupons/pages/batch-page';

export const Component = () => <BatchPage campaign={false} />;
