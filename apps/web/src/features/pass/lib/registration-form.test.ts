import { describe, expect, it } from 'vitest';
import { checkRegistration } from '@sq/contract/pass/registration-check';
import { RegistrationMsg } from '@sq/contract/pass/registration-rules';
import type { RegistrationMasked } from '@sq/contract/pass/registration-schemas';
import { EMPTY_FORM, initialForm, keptValues, toInput, withCardType, withIsReturn, withOwner } from './registration-form';

const today = '2025-03-10';

const own: RegistrationMasked = {
  _id: '7d1a3b4e-0000-4000-8000-000000000001',
  name: '陈明',
  mobile: '138****0004',
  cardType: 'id',
  card: '110105********1234',
  nationality: '',
  owner: '租户',
  address: '8号楼2单元601',
  expire_time: '2026-01-01',
  company: '',
  other: '',
  isReturn: 0,
  return_date: null,
  wuhan: '',
  vehicle: '',
  backup: '',
  No: '8号楼',
  status: -1,
  returnReason: '地址不完整',
  revoked: false,
  openId: 'o1',
  community: '望京花园西区',
  poiId: 'DEMO000001',
  created_at: 1,
  updated_at: 1,
};

describe('registration form', () => {
  it('clears the other identities’ fields when the identity changes', () => {
    const tenant = { ...withOwner(EMPTY_FORM, '租户'), expire_time: '2026-01-01' };
    const company = { ...withOwner(tenant, '公司'), company: '某某科技' };
    expect(company.expire_time).toBe('');
    const visitor = { ...withOwner(company, '访客'), other: '探亲' };
    expect(visitor).toMatchObject({ owner: '访客', company: '', expire_time: '', other: '探亲' });
    expect(withOwner(visitor, '业主')).toMatchObject({ other: '', company: '', expire_time: '' });
  });

  it('clears the return details when the answer is no', () => {
    const yes = { ...withIsReturn(EMPTY_FORM, '1'), return_date: '2025-03-09', wuhan: '武汉', vehicle: '高铁', backup: 'G1', No: '3号楼' };
    const no = withIsReturn(yes, '0');
    expect(no).toMatchObject({ isReturn: '0', return_date: '', wuhan: '', vehicle: '', backup: '' });
    expect(no.No).toBe('3号楼');
  });

  it('starts a first registration with the login mobile, staff mode with nothing', () => {
    expect(initialForm(null, '13900000001', false)).toEqual({ ...EMPTY_FORM, mobile: '13900000001' });
    expect(initialForm(own, '13800000004', true)).toEqual(EMPTY_FORM);
    expect(keptValues(own, true)).toEqual({});
  });

  it('re-submits an own registration with the masked mobile and ID untouched', () => {
    const form = initialForm(own, '13800000004', false);
    expect(form).toMatchObject({ mobile: '138****0004', card: '110105********1234', owner: '租户', isReturn: '0' });
    const checked = checkRegistration(toInput(form), today, keptValues(own, false));
    expect(checked).toMatchObject({ ok: true, value: { mobile: '138****0004', card: '110105********1234' } });
    // Edited into something else, the masked form no longer passes as "unchanged".
    expect(checkRegistration(toInput({ ...form, mobile: '138****000' }), today, keptValues(own, false))).toEqual({
      ok: false,
      message: RegistrationMsg.mobileInvalid,
      field: 'mobile',
    });
  });

  it('clears the number typed for another document, and sends a nationality with passports only', () => {
    const id = { ...EMPTY_FORM, card: '11010519491231002X' };
    const passport = { ...withCardType(id, 'passport'), card: 'E12345678', nationality: 'JP' };
    expect(passport).toMatchObject({ cardType: 'passport', card: 'E12345678' });
    expect(toInput(passport)).toMatchObject({ cardType: 'passport', nationality: 'JP' });
    const permit = withCardType(passport, 'hkmo');
    expect(permit).toMatchObject({ card: '', nationality: '' });
    expect(toInput(permit)).not.toHaveProperty('nationality');
  });

  it('keeps a masked number as unchanged only under the same document type', () => {
    const form = { ...initialForm(own, '13800000004', false), cardType: 'prc' as const };
    expect(checkRegistration(toInput(form), today, keptValues(own, false))).toMatchObject({ ok: false, field: 'card' });
  });

  it('walks the messages in the spec’s order as a person fills the form', () => {
    const seen: string[] = [];
    let form = { ...EMPTY_FORM };
    const steps: ((f: typeof form) => typeof form)[] = [
      (f) => ({ ...f, name: '王芳' }),
      (f) => ({ ...f, mobile: '13900000001' }),
      (f) => ({ ...f, card: '11010519491231002X' }),
      (f) => withOwner(f, '租户'),
      (f) => ({ ...f, address: '8号楼' }),
      (f) => ({ ...withOwner(f, '公司') }),
      (f) => ({ ...withOwner(f, '访客') }),
      (f) => ({ ...f, other: '探亲' }),
      (f) => withIsReturn(f, '1'),
      (f) => ({ ...f, return_date: '2025-03-09' }),
      (f) => ({ ...f, wuhan: '武汉' }),
    ];
    for (const step of [(f: typeof form) => f, ...steps]) {
      form = step(form);
      const checked = checkRegistration(toInput(form), today);
      seen.push(checked.ok ? 'ok' : checked.message);
    }
    expect(seen).toEqual([
      RegistrationMsg.name,
      RegistrationMsg.mobile,
      RegistrationMsg.card,
      RegistrationMsg.owner,
      RegistrationMsg.address,
      RegistrationMsg.tenantEnd,
      RegistrationMsg.company,
      RegistrationMsg.reason,
      RegistrationMsg.isReturn,
      RegistrationMsg.returnDate,
      RegistrationMsg.returnFrom,
      'ok',
    ]);
  });
});
