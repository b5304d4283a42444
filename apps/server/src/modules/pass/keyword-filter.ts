import { internationalMobile } from '@sq/contract/documents/contact-mobile';
import { compact } from '@sq/contract/pass/registration-rules';
import type { PiiCipher } from '../../lib/crypto';
import type { ListFilter } from './registration-repo';

/** A document number as typed into the search: letters and digits, at least one digit (no name has one). */
const DOCUMENT_NUMBER = /^(?=.*\d)[A-Z0-9]{5,18}$/;

/**
 * A staff search (spec §5: part of a name, or a whole mobile or document number). A whole mobile
 * (mainland, or abroad with its country code) or document number is looked up by its keyed hash
 * alone, an index look-up; anything else can only match a name, since only mobiles and document
 * numbers are ever hashed. Asking both at once made every search scan the whole community
 * (bench/staff-lists).
 */
export function keywordFilter(keyword: string | undefined, pii: PiiCipher): ListFilter['keyword'] {
  if (!keyword) return undefined;
  const number = compact(keyword).toUpperCase();
  if (/^(\+|00)/.test(number)) {
    const mobile = internationalMobile(number);
    if (mobile) return { hash: pii.hash(mobile) };
  }
  return DOCUMENT_NUMBER.test(number) ? { hash: pii.hash(number) } : { like: keyword };
}
