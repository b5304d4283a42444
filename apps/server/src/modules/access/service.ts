import { forbidden, notFound } from '../../lib/errors';
import type { Caller } from '../auth/caller';
import type { AccessRepo } from './repo';

/**
 * A caller's role in one community (DESIGN.md §5). `isAdmin` is the spec's wire value:
 * 1 community administrator, 2 community manager (staff level 1), 0 duty staff (level 2).
 */
export type CommunityRole = { kind: 'administrator'; isAdmin: 1 } | { kind: 'manager'; isAdmin: 2 } | { kind: 'duty'; isAdmin: 0 };

/** A community id the caller has been checked against: services take this, not a bare string. */
export type StaffScope = { readonly poiId: string; readonly role: CommunityRole; readonly __brand: 'StaffScope' };

export const MSG_NOT_STAFF = '您不是该社区的管理人员';
export const MSG_NO_COMMUNITY = '社区不存在';

export function createAccessService(repo: AccessRepo) {
  async function roleIn(caller: Caller, poiId: string): Promise<CommunityRole | null> {
    if (await repo.isAdministrator(caller.userId, poiId)) return { kind: 'administrator', isAdmin: 1 };
    const level = await repo.staffLevel(caller.userId, poiId);
    if (level === 1) return { kind: 'manager', isAdmin: 2 };
    if (level === 2) return { kind: 'duty', isAdmin: 0 };
    return null;
  }

  return {
    roleIn,

    /** 404 for an unknown community, 403 for anyone who is not staff of it; else the scope. */
    async requireStaff(caller: Caller, poiId: string): Promise<StaffScope> {
      if (!(await repo.communityExists(poiId))) throw notFound(MSG_NO_COMMUNITY);
      const role = await roleIn(caller, poiId);
      if (!role) throw forbidden(MSG_NOT_STAFF);
      return { poiId, role } as StaffScope;
    },

    async requireCommunity(poiId: string): Promise<void> {
      if (!(await repo.communityExists(poiId))) throw notFound(MSG_NO_COMMUNITY);
    },

    /** Platform operators moderate street-level info (granted by the admin CLI). */
    isOperator: (caller: Caller) => repo.isOperator(caller.userId),
  };
}
export type AccessService = ReturnType<typeof createAccessService>;
