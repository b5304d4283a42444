import { CARD_TYPE_MSG, MSG_CARD_TYPE, MSG_MOBILE_INTERNATIONAL, MSG_NATIONALITY, type CardType } from '../documents/document-types';
import { MSG_MOBILE_INVALID } from '../rules';

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

/** A field as typed: trimmed, the picker's 请选择 read as empty. */
export const clean = (v: unknown) => {
  const s = typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';
  return s === PLACEHOLDER ? '' : s;
};
/**
 * A number as people paste or type it: spaces (also full-width ones) and dashes inside are
 * grouping, not part of it ("138 0013 8000", "110105 19900101 1234").
 */
export const compact = (v: unknown) => clean(v).replace(/[\s\u3000-]+/g, '');
