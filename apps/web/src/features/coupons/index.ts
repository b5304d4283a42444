// 优惠券's public entry: the phone's holder key other codes a counter scans are signed with (an order's pickup code).
export { myHolderKey } from './lib/holder-key';
