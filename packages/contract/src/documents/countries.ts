import countries from 'i18n-iso-countries';
import { countryName } from './country-names';

/** The nationalities most often seen at a community gate come first in the picker. */
const FIRST = ['US', 'JP', 'KR', 'GB', 'CA', 'AU', 'SG', 'MY', 'DE', 'FR', 'RU', 'IT'];

/** Whether a code is an ISO 3166-1 alpha-2 country code (i18n-iso-countries' list). */
export function isCountryCode(code: string): boolean {
  return /^[A-Z]{2}$/.test(code) && countries.isValid(code);
}

/** Whether a three-letter code (old foreigner's permanent residence cards start with one) is ISO 3166. */
export function isCountryAlpha3(code: string): boolean {
  return countries.alpha3ToAlpha2(code) !== undefined;
}

let options: { label: string; value: string }[] | undefined;

/** Every country for the 国籍 picker: common ones first, then in Chinese collation. */
export function countryOptions(): { label: string; value: string }[] {
  if (options) return options;
  const rest = Object.keys(countries.getAlpha2Codes())
    .filter((c) => !FIRST.includes(c))
    .map((c) => ({ label: countryName(c), value: c }))
    .sort((a, b) => a.label.localeCompare(b.label, 'zh-CN'));
  options = [...FIRST.map((c) => ({ label: countryName(c), value: c })), ...rest];
  return options;
}

/** A nationality as a person types it in a spreadsheet: `US`, `us` or `美国`; '' when it is none. */
export function countryCodeOf(text: string): string {
  const value = text.trim();
  if (isCountryCode(value.toUpperCase())) return value.toUpperCase();
  return countryOptions().find((o) => o.label === value)?.value ?? '';
}
