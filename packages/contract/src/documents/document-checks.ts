import { hasIdNumberLayout, isValidIdCard } from '../id-card';
import { isCountryAlpha3, isCountryCode } from './countries';
import { CARD_TYPE_MSG, cardTypeOf, DEFAULT_CARD_TYPE, isCardType, MSG_CARD_TYPE, MSG_NATIONALITY, type CardType } from './document-types';

/** Residence permits carry the address code of their region: Hong Kong, Macao, Taiwan. */
const PERMIT_REGIONS = ['810000', '820000', '830000'];

/** Each document's own check of its number, already compacted and upper-cased. */
const CHECKS: Record<CardType, (n: string, today: Date) => boolean> = {
  id: isValidIdCard,
  hmt: (n, today) => PERMIT_REGIONS.includes(n.slice(0, 6)) && hasIdNumberLayout(n, today),
  // H (Hong Kong) or M (Macao) and 8 digits; cards issued before 2013 add a 2-digit issue count.
  hkmo: (n) => /^[HM]\d{8}(\d{2})?$/.test(n),
  // 8 digits since 2015; older booklets 10.
  tw: (n) => /^\d{8}(\d{2})?$/.test(n),
  // 2023 card: 9 + 17 digits with the MOD 11-2 check; 2004–2023 card: an ISO 3166 alpha-3 nationality and 12 digits.
  prc: (n, today) => (n.startsWith('9') && hasIdNumberLayout(n, today)) || (/^[A-Z]{3}\d{12}$/.test(n) && isCountryAlpha3(n.slice(0, 3))),
  // ICAO 9303 allows up to 9 characters in the machine-readable zone; a few countries print more.
  passport: (n) => /^[A-Z0-9]{5,17}$/.test(n) && /\d/.test(n),
};

export function isValidDocument(type: CardType, number: string, today: Date = new Date()): boolean {
  return CHECKS[type](number, today);
}

export function isValidNationality(code: string): boolean {
  return isCountryCode(code);
}


/**
 * A document as people send it – type (code or Chinese name; none: a mainland ID card), number,
 * nationality for passports – checked in the form's order: the first failing rule's message, or
 * the cleaned document. `today` is the Beijing date; `keptCard` accepts a number shown masked
 * and sent back unchanged.
 */
export function checkDocument(
  input: { cardType: string; card: string; nationality: string },
  today: string,
  keptCard = false,
): { ok: true; value: { cardType: CardType; card: string; nationality: string } } | { ok: false; message: string; field: 'cardType' | 'card' | 'nationality' } {
  const typed = input.cardType ? cardTypeOf(input.cardType) || input.cardType : DEFAULT_CARD_TYPE;
  if (!isCardType(typed)) return { ok: false, message: MSG_CARD_TYPE, field: 'cardType' };
  const msg = CARD_TYPE_MSG[typed];
  const card = input.card.toUpperCase();
  if (!card) return { ok: false, message: msg.missing, field: 'card' };
  if (!keptCard && !isValidDocument(typed, card, new Date(`${today}T23:59:59+08:00`))) return { ok: false, message: msg.invalid, field: 'card' };
  const nationality = input.nationality.toUpperCase();
  if (typed === 'passport' && !isValidNationality(nationality)) return { ok: false, message: MSG_NATIONALITY, field: 'nationality' };
  return { ok: true, value: { cardType: typed, card, nationality: typed === 'passport' ? nationality : '' } };
}
