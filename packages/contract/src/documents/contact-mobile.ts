import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { MOBILE_PATTERN } from '../rules';


/**
 * A contact number as a person holding a non-mainland document may give it: a mainland mobile, or
 * one abroad with its country code (+852…, or 00852… as dialled from the mainland), checked against
 * libphonenumber's numbering plans. Answers the number as stored – 11 digits for mainland ones,
 * E.164 for the others – or null when it is not a number anyone can be reached at.
 */
export function internationalMobile(value: string): string | null {
  if (MOBILE_PATTERN.test(value)) return value;
  const dialled = value.startsWith('00') ? `+${value.slice(2)}` : value;
  if (!/^\+\d{6,15}$/.test(dialled)) return null;
  const phone = parsePhoneNumberFromString(dialled);
  if (!phone?.isValid()) return null;
  // +86 1xx… is a mainland mobile written the international way: stored as mainland ones are.
  if (phone.countryCallingCode === '86') return MOBILE_PATTERN.test(phone.nationalNumber) ? phone.nationalNumber : null;
  return phone.number;
}
