import { describe, expect, it } from 'vitest';
import { idCardCheckChar } from '../id-card';
import { checkRegistration } from '../pass/registration-check';
import type { RegistrationInput } from '../pass/registration-rules';
import { internationalMobile } from './contact-mobile';
import { countryOptions } from './countries';
import { countryName } from './country-names';
import { isValidDocument } from './document-checks';
import { CARD_TYPE_MSG, maskDocument } from './document-types';

const withCheck = (first17: string) => first17 + idCardCheckChar(first17);
const TODAY = '2026-11-24';
const base: RegistrationInput = { name: '陈大文', mobile: '13800138000', owner: '访客', address: '3号楼', other: '探亲', isReturn: 0 };
const check = (input: RegistrationInput) => checkRegistration({ ...base, ...input }, TODAY);

describe('mainland ID numbers (居民身份证)', () => {
  it('refuse a right checksum on an address code no place ever had', () => {
    for (const region of ['111111', '999999', '000000']) {
      const result = check({ card: withCheck(`${region}19900101123`) });
      expect(result).toMatchObject({ ok: false, field: 'card', message: '请输入正确的身份证号' });
    }
  });

  it('accept retired codes (崇文区 110103, 昌平县 110221) and are the default when no type is sent', () => {
    for (const region of ['110103', '110221']) {
      const result = check({ card: withCheck(`${region}19600101123`) });
      expect(result.ok && result.value.cardType).toBe('id');
    }
  });

  it('say which document a Hong Kong, Macao or Taiwan residence permit is', () => {
    expect(check({ card: withCheck('81000019900101123') })).toMatchObject({ ok: false, message: '请输入正确的身份证号' });
    expect(check({ cardType: 'hmt', card: withCheck('81000019900101123') }).ok).toBe(true);
  });
});

describe('other documents', () => {
  it.each([
    ['hmt', withCheck('82000019850305456'), withCheck('11010519850305456')],
    ['hkmo', 'H12345678', 'H1234567'],
    ['hkmo', 'M1234567801', 'X12345678'],
    ['tw', '12345678', '1234567'],
    ['tw', '1234567890', '123456789'],
    ['prc', withCheck('93115619900101123'), withCheck('83115619900101123')],
    ['prc', 'USA110090010101', 'XXX110090010101'],
    ['passport', 'E12345678', 'ABCDEFGH'],
  ] as const)('%s accepts %s and refuses %s with its own message', (cardType, good, bad) => {
    const nationality = cardType === 'passport' ? 'US' : undefined;
    const ok = check({ cardType, card: good, nationality });
    expect(ok.ok && ok.value).toMatchObject({ cardType, card: good });
    expect(check({ cardType, card: bad, nationality })).toMatchObject({ ok: false, field: 'card', message: CARD_TYPE_MSG[cardType].invalid });
  });

  it('refuses a 2023 permanent residence card with a wrong check digit or birth date', () => {
    expect(isValidDocument('prc', withCheck('93115619900230123'))).toBe(false);
    const right = withCheck('93115619900101123');
    expect(isValidDocument('prc', `${right.slice(0, 17)}${right[17] === '0' ? '1' : '0'}`)).toBe(false);
  });

  it('asks a passport holder for a nationality from the ISO 3166 list', () => {
    expect(check({ cardType: 'passport', card: 'E12345678' })).toMatchObject({ ok: false, field: 'nationality', message: '请选择国籍' });
    expect(check({ cardType: 'passport', card: 'E12345678', nationality: 'ZZ' })).toMatchObject({ ok: false, field: 'nationality' });
    const ok = check({ cardType: 'passport', card: 'e 1234 5678', nationality: 'jp' });
    expect(ok.ok && ok.value).toMatchObject({ card: 'E12345678', nationality: 'JP' });
    expect(countryName('JP')).toBe('日本');
    expect(countryName('HK')).toBe('中国香港');
    expect(countryOptions().length).toBeGreaterThan(240);
  });

  it('keeps the nationality only with a passport', () => {
    const ok = check({ cardType: 'hkmo', card: 'H12345678', nationality: 'US' });
    expect(ok.ok && ok.value.nationality).toBe('');
  });

  it('understands a type sent by its Chinese name', () => {
    const ok = check({ cardType: '港澳居民来往内地通行证', card: 'H12345678' });
    expect(ok.ok && ok.value.cardType).toBe('hkmo');
    const short = check({ cardType: '护照', card: 'E12345678', nationality: 'US' });
    expect(short.ok && short.value.cardType).toBe('passport');
  });

  it('refuses an unknown document type', () => {
    expect(check({ cardType: 'driver', card: 'H12345678' })).toMatchObject({ ok: false, field: 'cardType', message: '请选择证件类型' });
  });
});

describe('contact numbers of non-mainland document holders', () => {
  it('accept a number abroad with its country code, stored as E.164', () => {
    const ok = check({ cardType: 'hkmo', card: 'H12345678', mobile: '+852 9123 4567' });
    expect(ok.ok && ok.value.mobile).toBe('+85291234567');
    expect(internationalMobile('0085291234567')).toBe('+85291234567');
    expect(internationalMobile('+8613800138000')).toBe('13800138000');
    expect(internationalMobile('13800138000')).toBe('13800138000');
  });

  it('refuse numbers no plan has, and keep mainland ID holders to mainland mobiles', () => {
    expect(check({ cardType: 'hkmo', card: 'H12345678', mobile: '+852 123' })).toMatchObject({ ok: false, field: 'mobile' });
    expect(check({ cardType: 'tw', card: '12345678', mobile: '91234567' })).toMatchObject({ ok: false, field: 'mobile' });
    expect(check({ mobile: '+85291234567', card: withCheck('11010519900101123') })).toMatchObject({
      ok: false,
      field: 'mobile',
      message: '请输入正确的手机号',
    });
  });
});

describe('masking', () => {
  it('keeps a short document’s first two and last three characters', () => {
    expect(maskDocument('H12345678')).toBe('H1****678');
    expect(maskDocument('81000019900101123X')).toBe('810000********123X');
  });
});
