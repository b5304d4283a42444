/**
 * Money (DESIGN.md §9 "Money"): integer fen everywhere – in the database, on the wire and in
 * every sum – and yuan only when shown. Free of zod: list pages format prices without a schema.
 */

/** The most a single amount may be (a coupon, a packet, a price): ¥100,000.00. */
export const MAX_FEN = 10_000_000;

/** Whether `value` is a whole, non-negative number of fen within MAX_FEN. */
export const isFen = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) <= MAX_FEN;

/** ¥ with two decimals, trailing zeros dropped: 1200 → '12', 1250 → '12.5', 1205 → '12.05'. */
export function yuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  const whole = Math.floor(abs / 100);
  const cents = abs % 100;
  if (cents === 0) return `${sign}${whole}`;
  return `${sign}${whole}.${String(cents).padStart(2, '0').replace(/0$/, '')}`;
}

/** '¥12.5' – the form prices and coupon values are shown in. */
export const priceText = (fen: number) => `¥${yuan(fen)}`;

/**
 * Yuan as typed in a form ('12', '12.5', '12.50') to fen, or null when it is not an amount of at
 * most two decimals. Parsed from the text, never through floating point (0.1 + 0.2).
 */
export function fenOfYuan(text: string): number | null {
  const m = /^\s*(\d{1,6})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!m) return null;
  const fen = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return fen <= MAX_FEN ? fen : null;
}
