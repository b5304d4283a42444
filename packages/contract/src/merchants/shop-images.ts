/**
 * Where a shop's photos are served (free of zod). A shop serves many communities, while a stored
 * photo belongs to the one it was uploaded in, so its photos are served through the shop: to
 * whoever may see the shop, the licence photo only to its staff and its reviewers
 * (docs/decisions/merchants.md "Photos").
 */
export const shopImageUrl = (merchantId: string, hash: string, size: 'web' | 'thumb' = 'web') =>
  `/v1/images/shop/${merchantId}/${hash}${size === 'thumb' ? '/thumb' : ''}`;
