import { addDays, isIsoDate } from '../beijing-time';
import { internationalMobile, MSG_MOBILE_INTERNATIONAL } from '../documents/contact-mobile';
import { checkDocument } from '../documents/document-checks';
import { CARD_TYPE_MSG, cardTypeOf, DEFAULT_CARD_TYPE, isCardType, MSG_CARD_TYPE, MSG_NATIONALITY, type CardType } from '../documents/document-types';
import { MOBILE_PATTERN, MSG_MOBILE_INVALID } from '../rules';

/** 身份 (spec §3 owner). */
export const OWNERS = ['业主', '租户', '公司', '访客'] as const;
export type Owner = (typeof OWNERS)[number];
export const VEHICLES = ['大巴', '飞机', '自驾', '高铁'] as const;

/** The pickers show this before a choice; it travels as empty (spec §5). */
export const PLACEHOLDER = '请选择';

/** The return-date picker reaches 14 days back (spec §9 "Return window 14 days"). */
export const RETURN_WINDOW_DAYS = 14;
/** Tenants may register up to three years ahead (spec §9). */
export const TENANT_MAX_YEARS = 3;
/** A visitor's pass lasts the day of registration and the next (docs/decisions/entry-pass.md, entry pass). */
export const VISITOR_VALID_DAYS = 1;

/** Field lengths: generous for real names and addresses, small enough to keep lists readable. */
export const NAME_MAX = 32;
export const TEXT_MAX = 100;

/** The registration messages, in the order the form and the server check them (spec §5). */
export const RegistrationMsg = {
  name: '请输入姓名',
  mobile: '请输入手机号',
  mobileInvalid: MSG_MOBILE_INVALID,
  mobileInternational: MSG_MOBILE_INTERNATIONAL,
  cardType: MSG_CARD_TYPE,
  card: CARD_TYPE_MSG.id.missing,
  cardInvalid: CARD_TYPE_MSG.id.invalid,
  nationality: MSG_NATIONALITY,
  owner: '请选择身份',
  address: '请输入地址',
  tenantEnd: '请选择租赁截止日期',
  tenantEndRange: `租赁截止日期须在今天至${TENANT_MAX_YEARS}年内`,
  company: '请输入公司名称',
  reason: '请输入事由',
  isReturn: '请选择十四天内是否返京',
  returnDate: '请选择返京时间',
  returnDateRange: `返京时间须在近${RETURN_WINDOW_DAYS}天内`,
  returnFrom: '请输入从何地返京',
  tooLong: '填写内容过长',
  vehicle: '请选择正确的交通方式',
} as const;

/**
 * What the form sends (spec §3 userCard fields; `isReturn` 1 yes, 0 no). Old shells send numbers as
 * numbers, and no `cardType` (a mainland ID card) or `nationality` (ISO 3166 alpha-2, passports only).
 */
export type RegistrationInput = Partial<
  Record<'name' | 'mobile' | 'cardType' | 'card' | 'nationality' | 'owner' | 'address' | 'expire_time' | 'company' | 'other' | 'isReturn' | 'return_date' | 'wuhan' | 'vehicle' | 'backup' | 'No', string | number>
>;

/** The cleaned registration: trimmed, placeholders emptied, fields of other identities dropped. */
export interface Registration {
  name: string;
  mobile: string;
  cardType: CardType;
  card: string;
  /** 国籍 of a passport holder; '' for every other document. */
  nationality: string;
  owner: Owner;
  address: string;
  expire_time: string | null;
  company: string;
  other: string;
  isReturn: 0 | 1;
  return_date: string | null;
  wuhan: string;
  vehicle: string;
  backup: string;
  No: string;
}

const clean = (v: unknown) => {
  const s = typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';
  return s === PLACEHOLDER ? '' : s;
};
/**
 * A number as people paste or type it: spaces (also full-width ones) and dashes inside are
 * grouping, not part of it ("138 0013 8000", "110105 19900101 1234").
 */
export const compact = (v: unknown) => clean(v).replace(/[\s\u3000-]+/g, '');

/**
 * Checks a registration in the spec's order and answers the first failing rule's message, or the
 * cleaned registration. `today` is the Beijing date; `keep` accepts the masked mobile / document
 * number the person was shown when they re-submit them unchanged (with the same document type).
 */
export function checkRegistration(
  input: RegistrationInput,
  today: string,
  keep: { mobile?: string; card?: string; cardType?: string } = {},
): { ok: true; value: Registration } | { ok: false; message: string; field: keyof RegistrationInput } {
  const f = {
    name: clean(input.name),
    mobile: compact(input.mobile),
    cardType: clean(input.cardType) ? cardTypeOf(clean(input.cardType)) || clean(input.cardType) : DEFAULT_CARD_TYPE,
    card: compact(input.card).toUpperCase(),
    nationality: clean(input.nationality).toUpperCase(),
    owner: clean(input.owner),
    address: clean(input.address),
    expire_time: clean(input.expire_time),
    company: clean(input.company),
    other: clean(input.other),
    isReturn: clean(input.isReturn),
    return_date: clean(input.return_date),
    wuhan: clean(input.wuhan),
    vehicle: clean(input.vehicle),
    backup: clean(input.backup),
    No: clean(input.No),
  };
  const fail = (message: string, field: keyof RegistrationInput) => ({ ok: false as const, message, field });
  if (!f.name) return fail(RegistrationMsg.name, 'name');
  if (!f.mobile) return fail(RegistrationMsg.mobile, 'mobile');
  // Holders of non-mainland documents may give a number abroad (+852…); mainland ID holders log in by SMS to a mainland one.
  const mainlandOnly = f.cardType === DEFAULT_CARD_TYPE || !isCardType(f.cardType);
  const mobile =
    f.mobile === keep.mobile ? f.mobile : mainlandOnly ? (MOBILE_PATTERN.test(f.mobile) ? f.mobile : null) : internationalMobile(f.mobile);
  if (!mobile) return fail(mainlandOnly ? RegistrationMsg.mobileInvalid : RegistrationMsg.mobileInternational, 'mobile');
  const keptCard = f.card !== '' && f.card === keep.card?.toUpperCase() && f.cardType === (keep.cardType ?? DEFAULT_CARD_TYPE);
  const document = checkDocument(f, today, keptCard);
  if (!document.ok) return fail(document.message, document.field);
  const { cardType, card, nationality } = document.value;
  if (!(OWNERS as readonly string[]).includes(f.owner)) return fail(RegistrationMsg.owner, 'owner');
  if (!f.address) return fail(RegistrationMsg.address, 'address');
  const owner = f.owner as Owner;
  if (owner === '租户') {
    if (!f.expire_time) return fail(RegistrationMsg.tenantEnd, 'expire_time');
    if (!isIsoDate(f.expire_time) || f.expire_time < today || f.expire_time > addDays(today, 365 * TENANT_MAX_YEARS + 1)) {
      return fail(RegistrationMsg.tenantEndRange, 'expire_time');
    }
  }
  if (owner === '公司' && !f.company) return fail(RegistrationMsg.company, 'company');
  if (owner === '访客' && !f.other) return fail(RegistrationMsg.reason, 'other');
  if (f.isReturn !== '0' && f.isReturn !== '1') return fail(RegistrationMsg.isReturn, 'isReturn');
  const returned = f.isReturn === '1';
  if (returned) {
    if (!f.return_date) return fail(RegistrationMsg.returnDate, 'return_date');
    if (!isIsoDate(f.return_date) || f.return_date > today || f.return_date < addDays(today, -RETURN_WINDOW_DAYS)) {
      return fail(RegistrationMsg.returnDateRange, 'return_date');
    }
    if (!f.wuhan) return fail(RegistrationMsg.returnFrom, 'wuhan');
    if (f.vehicle && !(VEHICLES as readonly string[]).includes(f.vehicle)) return fail(RegistrationMsg.vehicle, 'vehicle');
  }
  if (f.name.length > NAME_MAX) return fail(RegistrationMsg.tooLong, 'name');
  const tooLong = (['address', 'company', 'other', 'wuhan', 'backup', 'No'] as const).find((k) => f[k].length > TEXT_MAX);
  if (tooLong) return fail(RegistrationMsg.tooLong, tooLong);
  // Switching identity or answering "no" clears the other fields (spec §5): the server agrees.
  return {
    ok: true,
    value: {
      name: f.name,
      mobile,
      cardType,
      card,
      nationality,
      owner,
      address: f.address,
      expire_time: owner === '租户' ? f.expire_time : null,
      company: owner === '公司' ? f.company : '',
      other: owner === '访客' ? f.other : '',
      isReturn: returned ? 1 : 0,
      return_date: returned ? f.return_date : null,
      wuhan: returned ? f.wuhan : '',
      vehicle: returned ? f.vehicle : '',
      backup: returned ? f.backup : '',
      No: f.No,
    },
  };
}
