import { addDays } from '@sq/contract/beijing-time';
import { maskDocument } from '@sq/contract/documents/document-types';
import { VISITOR_VALID_DAYS, type Registration } from '@sq/contract/pass/registration-rules';
import { PRIVACY_NOTICE_VERSION } from '@sq/contract/privacy/notice';
import { maskMobile } from '@sq/contract/rules';
import type { PiiCipher } from '../../lib/crypto';
import type { NewRegistration } from './registration-repo';

/**
 * A checked registration as stored: numbers encrypted, hashed for search and masked for lists.
 * `today` is the Beijing date (a visitor's pass is counted from it); `consented`: the person ticked
 * the privacy notice on the form (staff entering or importing someone cannot).
 */
export function registrationRow(
  pii: PiiCipher,
  value: Registration,
  at: Date,
  today: string,
  consented: boolean,
): Omit<NewRegistration, 'poiId' | 'status' | 'userId' | 'createdBy'> {
  return {
    name: value.name,
    mobileEnc: pii.encrypt(value.mobile),
    mobileHash: pii.hash(value.mobile),
    mobileMasked: maskMobile(value.mobile),
    cardType: value.cardType,
    cardEnc: pii.encrypt(value.card),
    cardHash: pii.hash(value.card),
    cardMasked: maskDocument(value.card),
    nationality: value.nationality,
    owner: value.owner,
    // A visitor's pass lasts the day of registration and the next; approval renews it.
    expireTime: value.owner === '访客' ? addDays(today, VISITOR_VALID_DAYS) : value.expire_time,
    company: value.company,
    other: value.other,
    address: value.address,
    isReturn: value.isReturn,
    returnDate: value.return_date,
    wuhan: value.wuhan,
    vehicle: value.vehicle,
    backup: value.backup,
    buildingNo: value.No,
    // Written anew (a first submit, or a re-submit after a send-back): no reason stands.
    returnReason: '',
    revokedAt: null,
    consentAt: consented ? at : null,
    consentVersion: consented ? PRIVACY_NOTICE_VERSION : null,
    updatedAt: at,
  };
}
