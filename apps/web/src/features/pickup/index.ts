// 提货's public entry: the pickup code the order detail page embeds for a paid order.
export { PickupCode } from './components/pickup-code';
