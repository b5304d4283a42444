import type { RegistrationDetail, RegistrationMasked } from '@sq/contract/pass/registration-schemas';
import type { PiiCipher } from '../../lib/crypto';
import type { RegistrationRow } from './registration-repo';

export interface RegistrationWithNames {
  registration: RegistrationRow;
  openId: string | null;
  community: string;
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

function common({ registration: r, openId, community }: RegistrationWithNames) {
  return {
    _id: r.id,
    name: r.name,
    cardType: r.cardType,
    nationality: r.nationality,
    owner: r.owner,
    address: r.address,
    expire_time: r.expireTime,
    company: r.company,
    other: r.other,
    isReturn: r.isReturn,
    return_date: r.returnDate,
    wuhan: r.wuhan,
    vehicle: r.vehicle,
    backup: r.backup,
    No: r.buildingNo,
    status: r.status,
    returnReason: r.status === -1 ? r.returnReason : '',
    revoked: r.status === -1 && r.revokedAt !== null,
    openId,
    community,
    poiId: r.poiId,
    created_at: seconds(r.createdAt),
    updated_at: seconds(r.updatedAt),
  };
}

/** Lists and the person's own view: the masked copies, nothing decrypted. */
export function maskedView(row: RegistrationWithNames): RegistrationMasked {
  return { ...common(row), mobile: row.registration.mobileMasked, card: row.registration.cardMasked };
}

/** The staff detail view: decrypted, to be shown only after an audited, authorised request. */
export function detailView(
  row: RegistrationWithNames,
  pii: PiiCipher,
  reviews: { from: number; to: number; by: string; at: Date; reason: string }[],
  plates: string[] = [],
): RegistrationDetail {
  return {
    ...common(row),
    plates: plates.map((p) => pii.decrypt(p)),
    mobile: pii.decrypt(row.registration.mobileEnc),
    card: pii.decrypt(row.registration.cardEnc),
    reviews: reviews.map((v) => ({ from: v.from, to: v.to, by: v.by, at: seconds(v.at), reason: v.reason })),
  };
}
