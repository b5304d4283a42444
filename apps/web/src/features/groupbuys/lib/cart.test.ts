import { describe, expect, it } from 'vitest';
import { cartLines, cartTotal, cartUnits, newClientKey } from './cart';

describe('cart', () => {
  it('sums units and fen, and sends only items with units', () => {
    const cart = { a: 2, b: 0, c: 1 };
    expect(cartUnits(cart)).toBe(3);
    expect(cartTotal(cart, [{ id: 'a', priceFen: 3990 }, { id: 'b', priceFen: 100 }, { id: 'c', priceFen: 2500 }])).toBe(10480);
    expect(cartLines(cart)).toEqual([{ itemId: 'a', qty: 2 }, { itemId: 'c', qty: 1 }]);
  });

  it('makes keys the server accepts', () => {
    expect(newClientKey()).toMatch(/^[0-9a-f]{32}$/);
    expect(newClientKey()).not.toBe(newClientKey());
  });
});
