import { MOBILE_PATTERN } from '@sq/contract/rules';
import type { PiiCipher } from '../../lib/crypto';
import type { ListFilter } from './registration-repo';

const ID_NUMBER = /^\d{17}[\dX]$/i;

/**
 * A staff search (spec §5: part of a name, or a whole mobile or ID number). A whole mobile or ID
 * number is looked up by its keyed hash alone, an index look-up; anything else can only match a
 * name, since only valid mobiles and ID numbers are ever hashed. Asking both at once made every
 * search scan the whole community (bench/staff-lists).
 */
export function keywordFilter(keyword: string | undefined, pii: PiiCipher): ListFilter['keyword'] {
  if (!keyword) return undefined;
  return MOBILE_PATTERN.test(keyword) || ID_NUMBER.test(keyword) ? { hash: pii.hash(keyword) } : { like: keyword };
}
