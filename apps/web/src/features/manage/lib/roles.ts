import { StaffLevel } from '@sq/contract/manage/list-staff';

/**
 * The caller's role as GET /v1/communityManager reports it (`isAdmin`, DESIGN §5):
 * 1 community administrator, 2 community manager, 0 duty staff.
 */
export const IsAdmin = { administrator: 1, manager: 2, duty: 0 } as const;

export function roleLabel(isAdmin: number): string {
  if (isAdmin === IsAdmin.administrator) return '社区管理员';
  if (isAdmin === IsAdmin.manager) return '社区经理';
  return '执勤者';
}

/** A staff member's level on the staff list (spec §3: 1 is community manager, otherwise duty staff). */
export function levelLabel(level: number): string {
  return level === StaffLevel.manager ? '社区经理' : '执勤者';
}

/** Administrators and managers add and delete duty staff; duty staff only see the list. */
export function canAddStaff(isAdmin: number): boolean {
  return isAdmin === IsAdmin.administrator || isAdmin === IsAdmin.manager;
}

/** Only an administrator picks between adding a manager and a duty staff member (spec §6). */
export function canChooseLevel(isAdmin: number): boolean {
  return isAdmin === IsAdmin.administrator;
}

/** Whole mobiles and ID numbers in an export are for administrators and managers only. */
export function canExportWhole(isAdmin: number): boolean {
  return isAdmin === IsAdmin.administrator || isAdmin === IsAdmin.manager;
}
