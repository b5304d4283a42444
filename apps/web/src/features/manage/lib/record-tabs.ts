import { RegistrationStatus } from '@sq/contract/pass/registration-schemas';

export interface StatusCounts {
  status_0: number;
  status_1: number;
  status_2: number;
}

/** The three tabs of /records, each with its registration status and its count on the wire. */
export const RECORD_TABS = [
  { key: 'pending', title: '待审核', status: RegistrationStatus.pending, count: 'status_0' },
  { key: 'approved', title: '已通过', status: RegistrationStatus.approved, count: 'status_1' },
  { key: 'returned', title: '已退回', status: RegistrationStatus.returned, count: 'status_2' },
] as const;
export type RecordTabKey = (typeof RECORD_TABS)[number]['key'];

export function recordTab(key: string | null) {
  return RECORD_TABS.find((tab) => tab.key === key) ?? RECORD_TABS[0];
}

/** A tab title with its count once known, e.g. 待审核(3); counts over 999 stay readable. */
export function tabTitle(title: string, count: number | undefined): string {
  if (count === undefined) return title;
  return `${title}(${count > 999 ? '999+' : count})`;
}
