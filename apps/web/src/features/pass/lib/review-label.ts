import { RegistrationStatus } from '@sq/contract/pass/registration-schemas';

/** A review history line's verb: pending→approved 通过, pending→returned 退回, approved→returned 撤销. */
export function reviewVerb(from: number, to: number): string {
  if (to === RegistrationStatus.approved) return '审核通过';
  if (from === RegistrationStatus.approved && to === RegistrationStatus.returned) return '撤销通行证';
  if (to === RegistrationStatus.returned) return '退回修改';
  return '重新提交';
}
