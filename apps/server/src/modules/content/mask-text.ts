import { hasIdNumberLayout, maskIdCard } from '@sq/contract/id-card';
import { isCountryAlpha3 } from '@sq/contract/documents/countries';
import { maskDocument } from '@sq/contract/documents/document-types';
import { maskMobile } from '@sq/contract/rules';
import { isValidPlate, maskPlate } from '@sq/contract/vehicles/plate-rules';

/**
 * Personal numbers people paste into a post or comment, masked with the same checks and the same
 * masks the registration form uses (DESIGN.md §9 "Content checks"): what is stored and shown is
 * the masked text, so the whole numbers are never kept. Mobiles (and landlines) stay whole only
 * when the author made their phone public (公开电话); documents and plates are always masked.
 */

// Digits may come spaced or dashed as people write them: 138 0013 8000, 138-0013-8000, +86 138….
const MOBILE = /(?<![\d+])(?:\+?86[\s-]?)?(1[3-9]\d(?:[\s-]?\d){8})(?!\d)/g;
// A landline needs its separator (010-12345678): without one, any long number would be a "phone".
const LANDLINE = /(?<!\d)(0\d{2,3})[\s-](\d{7,8})(?!\d)/g;
// 18 characters in the ID card layout (also the HMT residence permits and the 2023 permanent residence card).
const ID_NUMBER = /(?<![\dA-Za-z])(\d{17}[\dXx])(?![\dA-Za-z])/g;
// 港澳居民来往内地通行证 (H/M + 8 or 10 digits); PRC passports (E + 8 digits, or E + letter + 7);
// the 2004 permanent residence card (nationality alpha-3 + 12 digits).
const HKMO_PERMIT = /(?<![\dA-Za-z])([HMhm]\d{8}(?:\d{2})?)(?![\dA-Za-z])/g;
const PASSPORT = /(?<![\dA-Za-z])([EGeg][A-Za-z]?\d{7,8})(?![\dA-Za-z])/g;
const PERMANENT_2004 = /(?<![\dA-Za-z])([A-Z]{3}\d{12})(?![\dA-Za-z])/g;
// A plate as written in text: province, office letter, optional separator, 5–6 more.
const PLATE = /([京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼][A-HJ-NP-Za-hj-np-z])[\s·.\-•]?([A-HJ-NP-Za-hj-np-z0-9]{4,5}[A-HJ-NP-Za-hj-np-z0-9挂学警港澳]?)(?![A-Za-z0-9])/g;

export function maskPersonalNumbers(text: string, opts: { showPhone: boolean }): string {
  let out = text.replace(ID_NUMBER, (whole, id: string) => (hasIdNumberLayout(id.toUpperCase()) ? maskIdCard(id) : whole));
  out = out.replace(HKMO_PERMIT, (_w, n: string) => maskDocument(n.toUpperCase()));
  out = out.replace(PASSPORT, (_w, n: string) => maskDocument(n.toUpperCase()));
  out = out.replace(PERMANENT_2004, (whole, n: string) => (isCountryAlpha3(n.slice(0, 3)) ? maskDocument(n) : whole));
  out = out.replace(PLATE, (whole, head: string, tail: string) => {
    const plate = `${head}${tail}`.toUpperCase();
    return isValidPlate(plate) ? maskPlate(plate) : whole;
  });
  if (!opts.showPhone) {
    out = out.replace(MOBILE, (_w, digits: string) => maskMobile(digits.replace(/[\s-]/g, '')));
    out = out.replace(LANDLINE, (_w, area: string, number: string) => `${area}-****${number.slice(-2)}`);
  }
  return out;
}

// http(s)://…, www.…, or a bare domain with a common top-level domain (淘宝 links come as these).
const LINK = /(?:https?:\/\/|www\.)\S+|(?<![\w@.-])[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|cn|net|org|top|xyz|vip|cc|info|shop|site|club|me|io|co|tv|link|ltd|wang|ink)(?![a-z0-9-])(?:\/\S*)?/i;

export function hasLink(text: string): boolean {
  return LINK.test(text);
}
