import { AddStaffMsg } from '@sq/contract/manage/add-staff';
import { MOBILE_PATTERN, MSG_MOBILE_INVALID } from '@sq/contract/rules';

export interface StaffForm {
  name: string;
  mobile: string;
}

/** The first rule the form breaks, in the spec's order (§5), or null when it may be sent. */
export function staffFormError({ name, mobile }: StaffForm): string | null {
  if (name.trim() === '') return AddStaffMsg.name;
  if (mobile.trim() === '') return AddStaffMsg.mobile;
  if (!MOBILE_PATTERN.test(mobile.trim())) return MSG_MOBILE_INVALID;
  return null;
}
