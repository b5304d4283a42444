import { addDays, beijingDate, startOfBeijingDay } from '@sq/contract/beijing-time';
import { DASHBOARD_DAYS, DASHBOARD_WAITING_ROWS, MSG_DASHBOARD_NOT_ALLOWED, MSG_DASHBOARD_NO_COMMUNITY } from '@sq/contract/dashboard/get-dashboard';
import { forbidden } from '../../lib/errors';
import type { AccessService } from '../access/service';
import type { Caller } from '../auth/caller';
import type { DashboardRepo } from './repo';

/** The instant a Beijing date begins. */

export function createDashboardService(deps: { repo: DashboardRepo; access: AccessService; now: () => Date }) {
  const { repo, access, now } = deps;

  /** One community for its administrator or manager; without one, all the caller administers. */
  async function scope(caller: Caller, poiId: string | undefined): Promise<string[]> {
    if (poiId) {
      const staff = await access.requireStaff(caller, poiId);
      if (staff.role.kind === 'duty') throw forbidden(MSG_DASHBOARD_NOT_ALLOWED);
      return [staff.poiId];
    }
    const administered = await repo.administeredBy(caller.userId);
    if (!administered.length) throw forbidden(MSG_DASHBOARD_NO_COMMUNITY);
    return administered;
  }

  return {
    async dashboard(caller: Caller, poiId: string | undefined) {
      const poiIds = await scope(caller, poiId);
      const today = beijingDate(now());
      const first = addDays(today, 1 - DASHBOARD_DAYS);
      const [names, traffic, statuses, waiting] = await Promise.all([
        repo.communitiesOf(poiIds),
        repo.traffic(poiIds, startOfBeijingDay(first)),
        repo.registrationsByStatus(poiIds),
        repo.longestWaiting(poiIds, DASHBOARD_WAITING_ROWS),
      ]);
      const hours = Array.from({ length: 24 }, (_, hour) => ({ hour, entries: 0, exits: 0 }));
      const days = Array.from({ length: DASHBOARD_DAYS }, (_, i) => ({ date: addDays(first, i), entries: 0, exits: 0 }));
      const byDate = new Map(days.map((d) => [d.date, d]));
      for (const row of traffic) {
        const key = row.direction === 1 ? 'entries' : 'exits';
        const day = byDate.get(row.date);
        if (day) day[key] += row.n;
        if (row.date === today) hours[row.hour]![key] += row.n;
      }
      const count = (status: number) => statuses.find((s) => s.status === status)?.n ?? 0;
      return {
        communities: names,
        today,
        hours,
        days,
        registrations: { pending: count(0), approved: count(1), returned: count(-1) },
        waiting: waiting.map((w) => ({ _id: w.id, poiId: w.poiId, community: w.community, name: w.name, owner: w.owner, since: Math.floor(w.since!.getTime() / 1000) })),
      };
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
