import { SALE_MAX_PRICE_FEN } from '@sq/contract/board/board-rules';

const YUAN = /^\d{1,7}(\.\d{1,2})?$/;

/**
 * 闲置's price as typed, in yuan, to fen: '' is 面议 (null); a bad or too-large price is undefined
 * (the form says so). Done on the digits, not with floats: 0.29 × 100 is 28.999…
 */
export function yuanToFen(text: string): number | null | undefined {
  const value = text.trim();
  if (value === '') return null;
  if (!YUAN.test(value)) return undefined;
  const [whole, part = ''] = value.split('.');
  const fen = Number(whole) * 100 + Number(part.padEnd(2, '0'));
  return fen <= SALE_MAX_PRICE_FEN ? fen : undefined;
}

/** Fen back to the yuan the form shows when a post is edited. */
export function fenToYuan(fen: number | null): string {
  if (fen === null) return '';
  const rest = fen % 100;
  return rest === 0 ? String(fen / 100) : `${Math.floor(fen / 100)}.${String(rest).padStart(2, '0')}`;
}
