import { daysBetween } from '@sq/contract/beijing-time';
import { PassType } from '@sq/contract/pass/pass-view';
import { RETURN_WINDOW_DAYS } from '@sq/contract/pass/registration-rules';
import { RegistrationStatus } from '@sq/contract/pass/registration-schemas';
import type { RegistrationRow } from './registration-repo';

type Fields = Pick<RegistrationRow, 'status' | 'owner' | 'expireTime' | 'isReturn' | 'returnDate'>;

/** Tenants' and visitors' passes end with their end date; owners' and companies' do not. */
const hasEndDate = (r: Pick<Fields, 'owner' | 'expireTime'>) => (r.owner === '租户' || r.owner === '访客') && Boolean(r.expireTime);

/** A tenant's or visitor's last valid day (YYYY-MM-DD, Beijing); null for passes without an end. */
export const lastDayOf = (r: Pick<Fields, 'owner' | 'expireTime'>): string | null => (hasEndDate(r) ? r.expireTime! : null);

export function isPastEndDate(r: Fields, today: string): boolean {
  return hasEndDate(r) && r.expireTime! < today;
}

/** The pass type the page shows (spec §4 "Pass type"), from the registration and today's date. */
export function passState(r: Fields | null, today: string): { ptype: number; backDay: number | null } {
  if (!r || r.status === RegistrationStatus.returned) return { ptype: PassType.none, backDay: null };
  if (r.status === RegistrationStatus.pending) return { ptype: PassType.pending, backDay: null };
  if (isPastEndDate(r, today)) return { ptype: PassType.expired, backDay: null };
  if (r.isReturn === 1 && r.returnDate) {
    const days = daysBetween(r.returnDate, today);
    if (days >= 0 && days < RETURN_WINDOW_DAYS) return { ptype: PassType.returned, backDay: days };
  }
  return { ptype: PassType.normal, backDay: null };
}

/** A pass the gate may let through: normal, or returned within 14 days (spec shows both with a QR). */
export const isUsable = (ptype: number) => ptype === PassType.normal || ptype === PassType.returned;

/** The person may (re-)submit: nothing yet, sent back, or their end date has passed (spec §4). */
export function canResubmit(r: Fields | null, today: string): boolean {
  return !r || r.status === RegistrationStatus.returned || isPastEndDate(r, today);
}
