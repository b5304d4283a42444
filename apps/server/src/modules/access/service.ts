import { BoundedCache } from '../../lib/bounded-cache';
import { forbidden, notFound } from '../../lib/errors';
import type { Caller } from '../auth/caller';
import type { AccessRepo, Standing } from './repo';

/**
 * A caller's role in one community (DESIGN.md §5). `isAdmin` is the spec's wire value:
 * 1 community administrator, 2 community manager (staff level 1), 0 duty staff (level 2).
 */
export type CommunityRole = { kind: 'administrator'; isAdmin: 1 } | { kind: 'manager'; isAdmin: 2 } | { kind: 'duty'; isAdmin: 0 };

/** A community id the caller has been checked against: services take this, not a bare string. */
export type StaffScope = { readonly poiId: string; readonly role: CommunityRole; readonly __brand: 'StaffScope' };

/** A community id the caller has been checked against as its resident or staff (role null: a resident). */
export type ResidentScope = { readonly poiId: string; readonly role: CommunityRole | null; readonly __brand: 'ResidentScope' };

/** A community id the caller may read in; `member`: they may also write (a resident or staff). */
export type ReaderScope = { readonly poiId: string; readonly role: CommunityRole | null; readonly member: boolean; readonly __brand: 'ReaderScope' };

export const MSG_NOT_JOINED = '请先加入该社区';
export const MSG_NOT_STAFF = '您不是该社区的管理人员';
export const MSG_NOT_RESIDENT = '您还不是本小区的居民：出入登记审核通过后即可参与';
export const MSG_NO_COMMUNITY = '社区不存在';

/**
 * Communities are never deleted (registrations, staff and logs refer to them), so one found to
 * exist is remembered: every registration and pass page checks its community first. The age limit
 * only bounds memory for ids nobody asks about any more.
 */
const KNOWN_COMMUNITIES = 50_000;
const KNOWN_COMMUNITY_AGE_MS = 60 * 60_000;

function roleOf(standing: Standing): CommunityRole | null {
  if (standing.administrator) return { kind: 'administrator', isAdmin: 1 };
  if (standing.level === 1) return { kind: 'manager', isAdmin: 2 };
  if (standing.level === 2) return { kind: 'duty', isAdmin: 0 };
  return null;
}

export function createAccessService(repo: AccessRepo) {
  const known = new BoundedCache<string, true>(KNOWN_COMMUNITIES, KNOWN_COMMUNITY_AGE_MS);

  /** The role a standing gives, or null; `undefined` when the community does not exist (no row). */
  function roleFrom(poiId: string, row: Standing | null): CommunityRole | null | undefined {
    if (!row) return undefined;
    known.set(poiId, true);
    return roleOf(row);
  }
  const standing = async (caller: Caller, poiId: string) => roleFrom(poiId, await repo.standing(caller.userId, poiId));

  /** 404 for an unknown community, 403 for anyone who is not staff of it; else the scope. */
  function scopeOf(poiId: string, row: Standing | null): StaffScope {
    const role = roleFrom(poiId, row);
    if (role === undefined) throw notFound(MSG_NO_COMMUNITY);
    if (!role) throw forbidden(MSG_NOT_STAFF);
    return { poiId, role } as StaffScope;
  }

  return {
    async roleIn(caller: Caller, poiId: string): Promise<CommunityRole | null> {
      return (await standing(caller, poiId)) ?? null;
    },

    /** See scopeOf. */
    async requireStaff(caller: Caller, poiId: string): Promise<StaffScope> {
      return scopeOf(poiId, await repo.standing(caller.userId, poiId));
    },

    /**
     * 404 for an unknown community, 403 for anyone who neither lives there (AccessRepo.residence)
     * nor is its staff; else the scope. `today`: Beijing YYYY-MM-DD (a tenant's end date).
     */
    async requireResident(caller: Caller, poiId: string, today: string): Promise<ResidentScope> {
      const row = await repo.residence(caller.userId, poiId, today);
      const role = roleFrom(poiId, row);
      if (role === undefined) throw notFound(MSG_NO_COMMUNITY);
      if (!role && !row!.resident) throw forbidden(MSG_NOT_RESIDENT);
      return { poiId, role } as ResidentScope;
    },

    /**
     * Who may read what a community's members write (its board …): anyone who joined it as their
     * community, or lives there, or is its staff. 404 for an unknown community, 403 for anyone
     * else (`message`: the domain's own words). `member`: whether they may also write there
     * (requireResident's rule).
     */
    async requireReader(caller: Caller, poiId: string, today: string, message = MSG_NOT_JOINED): Promise<ReaderScope> {
      const row = await repo.residence(caller.userId, poiId, today);
      const role = roleFrom(poiId, row);
      if (role === undefined) throw notFound(MSG_NO_COMMUNITY);
      const member = Boolean(role) || row!.resident;
      if (!member && !row!.joined) throw forbidden(message);
      return { poiId, role, member } as ReaderScope;
    },

    /** requireStaff's verdict on a standing read with other things (`standingColumns`; null: no such community). */
    scopeOf,

    /** Known to exist from an earlier look (memory only): a caller may skip requireCommunity's read. */
    knowsCommunity: (poiId: string) => known.get(poiId) === true,

    async requireCommunity(poiId: string): Promise<void> {
      if (known.get(poiId)) return;
      if (!(await repo.communityExists(poiId))) throw notFound(MSG_NO_COMMUNITY);
      known.set(poiId, true);
    },

    /** Platform operators moderate street-level info (granted by the admin CLI). */
    isOperator: (caller: Caller) => repo.isOperator(caller.userId),

    isStaffAnywhere: (userId: string) => repo.isStaffAnywhere(userId),
  };
}
export type AccessService = ReturnType<typeof createAccessService>;
