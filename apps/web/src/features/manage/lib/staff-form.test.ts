import { describe, expect, it } from 'vitest';
import { staffFormError } from './staff-form';

describe('staffFormError', () => {
  it('names the first missing field in the spec order', () => {
    expect(staffFormError({ name: ' ', mobile: '' })).toBe('请输入执勤者姓名');
    expect(staffFormError({ name: '张三', mobile: '' })).toBe('请输入手机号');
  });

  it('refuses a malformed mobile and accepts a good form', () => {
    expect(staffFormError({ name: '张三', mobile: '1380000000' })).toBe('请输入正确的手机号');
    expect(staffFormError({ name: '张三', mobile: '23800000000' })).toBe('请输入正确的手机号');
    expect(staffFormError({ name: '张三', mobile: ' 13800000009 ' })).toBeNull();
  });
});
