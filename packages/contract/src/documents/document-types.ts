/**
 * 证件类型 a person registers with. `id` is what every registration was before types existed, and
 * what a client that sends no type (the native shells) still means.
 */
export const CARD_TYPES = ['id', 'hmt', 'hkmo', 'tw', 'prc', 'passport'] as const;
export type CardType = (typeof CARD_TYPES)[number];
export const DEFAULT_CARD_TYPE: CardType = 'id';

export const CARD_TYPE_LABEL: Record<CardType, string> = {
  id: '居民身份证',
  hmt: '港澳台居民居住证',
  hkmo: '港澳居民来往内地通行证',
  tw: '台湾居民来往大陆通行证',
  prc: '外国人永久居留身份证',
  passport: '护照',
};

/** The names people use for them, short enough for a tag in a list. */
export const CARD_TYPE_SHORT: Record<CardType, string> = {
  id: '身份证',
  hmt: '港澳台居住证',
  hkmo: '港澳通行证',
  tw: '台胞证',
  prc: '永居证',
  passport: '护照',
};

/** What the form asks for, and says when the number is not one of this document's. */
export const CARD_TYPE_MSG: Record<CardType, { missing: string; invalid: string; placeholder: string }> = {
  id: { missing: '请输入身份证号', invalid: '请输入正确的身份证号', placeholder: '请输入身份证号' },
  hmt: {
    missing: '请输入证件号码',
    invalid: '请输入正确的港澳台居民居住证号码（810000、820000或830000开头的18位）',
    placeholder: '810000、820000或830000开头的18位',
  },
  hkmo: {
    missing: '请输入证件号码',
    invalid: '请输入正确的港澳居民来往内地通行证号码（H或M加8位数字）',
    placeholder: 'H或M加8位数字',
  },
  tw: { missing: '请输入证件号码', invalid: '请输入正确的台湾居民来往大陆通行证号码（8位数字）', placeholder: '8位数字（旧证10位）' },
  prc: {
    missing: '请输入证件号码',
    invalid: '请输入正确的外国人永久居留身份证号码（9开头的18位，或3个字母加12位数字）',
    placeholder: '9开头的18位，或3个字母加12位数字',
  },
  passport: { missing: '请输入护照号码', invalid: '请输入正确的护照号码（5至17位字母或数字）', placeholder: '护照上的号码' },
};
export const MSG_CARD_TYPE = '请选择证件类型';
export const MSG_NATIONALITY = '请选择国籍';
/** Here, not beside the check (contact-mobile.ts): the check carries libphonenumber's plans, the message is read by first-load screens. */
export const MSG_MOBILE_INTERNATIONAL = '请输入正确的手机号（境外号码请以“+”和国家或地区代码开头，如 +852 9123 4567）';

export function isCardType(value: string): value is CardType {
  return (CARD_TYPES as readonly string[]).includes(value);
}

/**
 * The type a client sent: its code ('passport'), or its name as people write it (护照, 港澳通行证,
 * 居民身份证…), so a client built from the Chinese labels is understood too. '' when it is neither.
 */
export function cardTypeOf(value: string): CardType | '' {
  if (isCardType(value)) return value;
  return CARD_TYPES.find((t) => CARD_TYPE_LABEL[t] === value || CARD_TYPE_SHORT[t] === value) ?? '';
}

/** Longest number each document can have: the form's input stops there. */
export const CARD_MAX_LENGTH: Record<CardType, number> = { id: 18, hmt: 18, hkmo: 11, tw: 10, prc: 18, passport: 17 };

/**
 * The number as lists show it (PIPL: masked where the whole is not needed). 18-digit numbers as ID
 * cards are shown (region and last four); shorter ones keep two characters in front and three behind.
 */
export function maskDocument(number: string): string {
  const n = number.trim();
  if (n.length === 18) return `${n.slice(0, 6)}********${n.slice(14)}`;
  if (n.length < 6) return '*'.repeat(n.length);
  return `${n.slice(0, 2)}${'*'.repeat(n.length - 5)}${n.slice(-3)}`;
}
