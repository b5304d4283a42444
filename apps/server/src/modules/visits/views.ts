import type { RegistrationDetail } from '@sq/contract/pass/registration-schemas';
import type { VisitWindow } from '@sq/contract/visits/visit-window';
import type { PiiCipher } from '../../lib/crypto';
import type { InvitationRow, VisitRepo } from './repo';

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

export const windowOf = (i: InvitationRow, withoutDocument: boolean): VisitWindow => ({
  start: seconds(i.startsAt),
  end: seconds(i.endsAt),
  entries: i.entries,
  entriesUsed: i.entriesUsed,
  cancelled: i.cancelledAt !== null,
  needsDocument: !withoutDocument && i.cardEnc === null,
});

/**
 * The staff's view of a scanned visitor pass, in the registration detail's shape (the scanning
 * page and the native shells read that), whole mobile and document like a resident's scan
 * (audited), plus `visit`: who invited them and what the invitation allows.
 */
export function visitorDetailView(found: NonNullable<Awaited<ReturnType<VisitRepo['findWithCommunity']>>>, pii: PiiCipher) {
  const { invitation: i, community, inviter, inviterAddress } = found;
  const userCard: RegistrationDetail = {
    _id: i.id,
    name: i.name,
    cardType: i.cardType ?? '',
    nationality: i.nationality,
    owner: '访客',
    address: inviterAddress,
    expire_time: null,
    company: '',
    other: '',
    isReturn: 0,
    return_date: null,
    wuhan: '',
    vehicle: '',
    backup: '',
    No: '',
    status: 1,
    returnReason: '',
    revoked: false,
    openId: null,
    community,
    poiId: i.poiId,
    created_at: seconds(i.createdAt),
    updated_at: seconds(i.createdAt),
    mobile: pii.decrypt(i.mobileEnc),
    card: i.cardEnc ? pii.decrypt(i.cardEnc) : '',
    plates: i.plateEnc ? [pii.decrypt(i.plateEnc)] : [],
    reviews: [],
  };
  const visit = { inviter, inviterAddress, start: seconds(i.startsAt), end: seconds(i.endsAt), entries: i.entries, entriesUsed: i.entriesUsed, cancelled: i.cancelledAt !== null };
  return { userCard, visit };
}
