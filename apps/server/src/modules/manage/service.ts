import { AddStaffMsg } from '@sq/contract/manage/add-staff';
import { MSG_CANNOT_DELETE } from '@sq/contract/manage/delete-staff';
import { StaffLevel } from '@sq/contract/manage/list-staff';
import { maskMobile } from '@sq/contract/rules';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { PiiCipher } from '../../lib/crypto';
import type { AccessService, CommunityRole } from '../access/service';
import type { Caller } from '../auth/caller';
import type { AuthService } from '../auth/service';
import type { ManageRepo } from './repo';

/**
 * Who may remove whom (DESIGN.md §5): administrators remove managers and duty staff, managers
 * remove duty staff, duty staff remove nobody; nobody removes themself. Administrators are not
 * staff rows, so they cannot be removed here at all.
 */
export function mayRemove(role: CommunityRole, targetLevel: number, self: boolean): boolean {
  if (self) return false;
  if (role.kind === 'administrator') return true;
  return role.kind === 'manager' && targetLevel === StaffLevel.duty;
}

export function createManageService(deps: { repo: ManageRepo; access: AccessService; auth: AuthService; pii: PiiCipher }) {
  const { repo, access, auth, pii } = deps;
  return {
    async managedCommunities(caller: Caller) {
      const [rows, me] = await Promise.all([repo.administeredBy(caller.userId), auth.profileOf(caller.userId)]);
      return {
        username: me?.username ?? '',
        mobile: me?.mobile ?? '',
        communitys: rows.map((r) => ({ community: r.community, poiId: r.poiId, reg_nums: r.regNums, sign_logs: r.signLogs })),
      };
    },

    async listStaff(caller: Caller, poiId: string) {
      const scope = await access.requireStaff(caller, poiId);
      const rows = await repo.staffOf(scope.poiId);
      return {
        isAdmin: scope.role.isAdmin,
        managers: rows.map((r) => ({
          username: r.username,
          mobile: maskMobile(pii.decrypt(r.mobileEnc)),
          openId: r.openId,
          level: r.level,
          deletable: mayRemove(scope.role, r.level, r.userId === caller.userId),
        })),
      };
    },

    async addStaff(caller: Caller, body: { poiId: string; name: string; mobile: string; level?: number }) {
      const scope = await access.requireStaff(caller, body.poiId);
      if (scope.role.kind === 'duty') throw forbidden('执勤者不能添加人员');
      // Only administrators choose the level; managers always add duty staff (spec §6).
      const level = scope.role.kind === 'administrator' && body.level === StaffLevel.manager ? StaffLevel.manager : StaffLevel.duty;
      const person = await repo.userByMobileHash(pii.hash(body.mobile));
      if (!person) throw badRequest(AddStaffMsg.notRegistered);
      const added = await repo.addStaff({ poiId: scope.poiId, userId: person.id, username: body.name, level, createdBy: caller.userId });
      if (!added) throw conflict(AddStaffMsg.duplicate);
      return { openId: person.openId, level };
    },

    async removeStaff(caller: Caller, body: { poiId: string; openId: string }) {
      const scope = await access.requireStaff(caller, body.poiId);
      const target = await repo.staffByOpenId(scope.poiId, body.openId);
      if (!target) throw notFound('该人员不存在');
      if (!mayRemove(scope.role, target.level, target.userId === caller.userId)) throw forbidden(MSG_CANNOT_DELETE);
      await repo.removeStaff(target.id);
      return null;
    },
  };
}
export type ManageService = ReturnType<typeof createManageService>;
