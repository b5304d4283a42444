import { DEFAULT_CARD_TYPE, isCardType, type CardType } from '@sq/contract/documents/document-types';
import type { RegistrationInput, Owner } from '@sq/contract/pass/registration-rules';
import type { RegistrationMasked } from '@sq/contract/pass/registration-schemas';

/** The form as typed: every field a string, '' while unanswered (shown as the 请选择 placeholder). */
export interface RegistrationForm {
  name: string;
  mobile: string;
  cardType: CardType;
  card: string;
  /** ISO 3166 alpha-2, passports only. */
  nationality: string;
  owner: Owner | '';
  address: string;
  expire_time: string;
  company: string;
  other: string;
  isReturn: '' | '0' | '1';
  return_date: string;
  wuhan: string;
  vehicle: string;
  backup: string;
  No: string;
}

export const EMPTY_FORM: RegistrationForm = {
  name: '',
  mobile: '',
  cardType: DEFAULT_CARD_TYPE,
  card: '',
  nationality: '',
  owner: '',
  address: '',
  expire_time: '',
  company: '',
  other: '',
  isReturn: '',
  return_date: '',
  wuhan: '',
  vehicle: '',
  backup: '',
  No: '',
};

/** Fields that belong to one identity only (spec §5: switching identity clears the others'). */
const OWNER_FIELDS = { 租户: 'expire_time', 公司: 'company', 访客: 'other' } as const;

export function withOwner(form: RegistrationForm, owner: Owner): RegistrationForm {
  const next = { ...form, owner };
  for (const [who, field] of Object.entries(OWNER_FIELDS)) if (who !== owner) next[field] = '';
  return next;
}

/** Answering "no" clears the return details (spec §5). */
export function withIsReturn(form: RegistrationForm, isReturn: '0' | '1'): RegistrationForm {
  if (isReturn === '1') return { ...form, isReturn };
  return { ...form, isReturn, return_date: '', wuhan: '', vehicle: '', backup: '' };
}

/**
 * Where the form starts. A staff member registering someone else (glmsk=1) starts empty; a person
 * editing their own registration starts from it, mobile and ID number masked as the server sent
 * them (sent back untouched, the server keeps the stored values); a first registration starts
 * with the login mobile.
 */
export function initialForm(own: RegistrationMasked | null, loginMobile: string, managerMode: boolean): RegistrationForm {
  if (managerMode) return EMPTY_FORM;
  if (!own) return { ...EMPTY_FORM, mobile: loginMobile };
  const owner = (['业主', '租户', '公司', '访客'] as const).find((o) => o === own.owner) ?? '';
  return {
    name: own.name,
    mobile: own.mobile,
    cardType: isCardType(own.cardType) ? own.cardType : DEFAULT_CARD_TYPE,
    card: own.card,
    nationality: own.nationality,
    owner,
    address: own.address,
    expire_time: own.expire_time ?? '',
    company: own.company,
    other: own.other,
    isReturn: own.isReturn === 1 ? '1' : own.isReturn === 0 ? '0' : '',
    return_date: own.return_date ?? '',
    wuhan: own.wuhan,
    vehicle: own.vehicle,
    backup: own.backup,
    No: own.No,
  };
}

/** The masked values that count as "unchanged" when re-submitted (none in manager mode). */
export function keptValues(own: RegistrationMasked | null, managerMode: boolean): { mobile?: string; card?: string; cardType?: string } {
  return own && !managerMode ? { mobile: own.mobile, card: own.card, cardType: own.cardType } : {};
}

/** Another document means another number: the one typed for the old type is cleared. */
export function withCardType(form: RegistrationForm, cardType: CardType): RegistrationForm {
  if (cardType === form.cardType) return form;
  return { ...form, cardType, card: '', nationality: cardType === 'passport' ? form.nationality : '' };
}

export function toInput(form: RegistrationForm): RegistrationInput {
  const { nationality, ...rest } = form;
  return rest.cardType === 'passport' ? { ...rest, nationality } : rest;
}
