import { addDays, beijingDate, daysBetween, isIsoDate, startOfBeijingDay } from '@sq/contract/beijing-time';
import { EVENT_KINDS, EventMsg, type EventKind } from '@sq/contract/events/event-rules';
import { badRequest } from '../../lib/errors';
import type { Caller } from '../auth/caller';
import type { EventAccess } from './event-access';
import type { StatsRepo } from './stats-repo';
import { unixSeconds } from './views';

/** The dashboard's default period, and the longest one asked at once. */
const DEFAULT_DAYS = 90;
const MAX_DAYS = 366;

/** Counts per event and per kind for the community's staff (issue 34 item 6). */
export function createStatsService(deps: { stats: StatsRepo; access: EventAccess; now: () => Date }) {
  const { stats, access, now } = deps;
  return {
    /** `from`/`to`: Beijing dates, inclusive; by default the last 90 days. */
    async get(caller: Caller, q: { poiId: string; from?: string; to?: string }) {
      const scope = await access.staff(caller, q.poiId);
      const to = q.to ?? beijingDate(now());
      const from = q.from ?? addDays(to, 1 - DEFAULT_DAYS);
      if (!isIsoDate(from) || !isIsoDate(to) || daysBetween(from, to) < 0 || daysBetween(from, to) >= MAX_DAYS) throw badRequest(EventMsg.time);
      const [start, end] = [startOfBeijingDay(from), startOfBeijingDay(addDays(to, 1))];
      const [rows, kinds] = await Promise.all([stats.events(scope.poiId, start, end), stats.kinds(scope.poiId, start, end)]);
      const byKind = new Map(kinds.map((k) => [k.kind, k]));
      return {
        kinds: EVENT_KINDS.map((kind) => ({ kind, events: byKind.get(kind)?.events ?? 0, signedUp: byKind.get(kind)?.signedUp ?? 0, attended: byKind.get(kind)?.attended ?? 0 })),
        events: rows.map((r) => ({ ...r, kind: r.kind as EventKind, startsAt: unixSeconds(r.startsAt) })),
      };
    },
  };
}
export type StatsService = ReturnType<typeof createStatsService>;
