import { describe, expect, it } from 'vitest';
import { countryCodeOf, isCountryCode } from './countries';

describe('nationalities as people type them in a spreadsheet', () => {
  it('takes a code in either case or the Chinese name, and nothing else', () => {
    expect(countryCodeOf('US')).toBe('US');
    expect(countryCodeOf(' us ')).toBe('US');
    expect(countryCodeOf('美国')).toBe('US');
    expect(countryCodeOf('日本')).toBe('JP');
    expect(countryCodeOf('火星')).toBe('');
    expect(countryCodeOf('XX')).toBe('');
    expect(countryCodeOf('')).toBe('');
    expect(isCountryCode(countryCodeOf('德国'))).toBe(true);
  });
});
