/** The cart of one group buy: units per item, and what they come to (fen). */
export type Cart = Record<string, number>;

export const cartUnits = (cart: Cart) => Object.values(cart).reduce((s, n) => s + n, 0);

export function cartTotal(cart: Cart, items: readonly { id: string; priceFen: number }[]): number {
  return items.reduce((s, i) => s + (cart[i.id] ?? 0) * i.priceFen, 0);
}

/** The lines an order sends: items with units only. */
export const cartLines = (cart: Cart) =>
  Object.entries(cart)
    .filter(([, qty]) => qty > 0)
    .map(([itemId, qty]) => ({ itemId, qty }));

/** A key for one submit of the page: a retry or a double tap answers the same order. */
export function newClientKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
