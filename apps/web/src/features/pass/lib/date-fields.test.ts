import { describe, expect, it } from 'vitest';
import { checkRegistration } from '@sq/contract/pass/registration-check';
import { fromPickerDate, returnDateWindow, tenantEndWindow, toPickerDate } from './date-fields';

const base = { name: '王芳', mobile: '13900000001', card: '11010519491231002X', address: '8号楼', isReturn: '0' };

describe('date pickers', () => {
  it('round-trips a calendar day through the picker', () => {
    expect(fromPickerDate(toPickerDate('2024-02-29'))).toBe('2024-02-29');
    expect(fromPickerDate(toPickerDate('2025-01-01'))).toBe('2025-01-01');
  });

  it('offers 14 days back up to today for the return date', () => {
    expect(returnDateWindow('2025-03-10')).toEqual({ min: '2025-02-24', max: '2025-03-10' });
  });

  it('offers today up to three years ahead for the tenancy end', () => {
    expect(tenantEndWindow('2025-03-10')).toEqual({ min: '2025-03-10', max: '2028-03-10' });
    expect(tenantEndWindow('2024-02-29').max).toBe('2027-02-28');
  });

  it('never offers a day the contract refuses', () => {
    for (const today of ['2025-03-10', '2024-02-29', '2027-12-31']) {
      const tenant = tenantEndWindow(today);
      for (const day of [tenant.min, tenant.max]) {
        expect(checkRegistration({ ...base, owner: '租户', expire_time: day }, today).ok).toBe(true);
      }
      const back = returnDateWindow(today);
      for (const day of [back.min, back.max]) {
        expect(checkRegistration({ ...base, owner: '业主', isReturn: '1', return_date: day, wuhan: '武汉' }, today).ok).toBe(true);
      }
    }
  });
});
