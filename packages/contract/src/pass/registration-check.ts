import { addDays, isIsoDate } from '../beijing-time';
import { internationalMobile } from '../documents/contact-mobile';
import { checkDocument } from '../documents/document-checks';
import { cardTypeOf, DEFAULT_CARD_TYPE, isCardType } from '../documents/document-types';
import { MOBILE_PATTERN } from '../rules';
import { clean, compact, NAME_MAX, OWNERS, RegistrationMsg, RETURN_WINDOW_DAYS, TENANT_MAX_YEARS, TEXT_MAX, VEHICLES, type Owner, type Registration, type RegistrationInput } from './registration-rules';

// The check in a module of its own: it carries the numbering plans of every country (libphonenumber)
// and the ID card's division codes, about 45 KB gzipped, which the registration screen loads only
// when the person submits (or starts typing), not before its first paint (Lighthouse, issue 32).

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
