import { beijingDate } from '@sq/contract/beijing-time';
import { RETENTION_DEFAULTS, RetentionMsg, type Retention } from '@sq/contract/manage/retention';
import { forbidden } from '../../lib/errors';
import type { AccessService } from '../access/service';
import type { AuditRepo } from '../audit/repo';
import type { Caller } from '../auth/caller';
import type { RetentionRepo } from './repo';

/**
 * What one run deleted, by kind: travel data, ended registrations, log lines, invitations; 邻里圈
 * posts and comments hidden past their period; album photos removed by staff (社区相册); space
 * bookings (场地预约); photos nothing uses (images/retention.ts); the mobiles of event sign-ups
 * whose event ended (events/signups-retention-repo.ts). One list, so a new kind is one word here.
 */
const KINDS = ['travel', 'registrations', 'logs', 'invitations', 'board', 'albums', 'bookings', 'images', 'eventMobiles'] as const;
export type RetentionCounts = Record<(typeof KINDS)[number], number>;
const none = (): RetentionCounts => Object.fromEntries(KINDS.map((k) => [k, 0])) as RetentionCounts;
const rowsIn = (c: RetentionCounts) => KINDS.reduce((n, k) => n + c[k], 0);

/**
 * Deletes personal data whose purpose has ended (PIPL art. 19, 47), by each community's periods,
 * and puts each run on the audit log: one line per community that changed, and one for the run,
 * with counts only.
 */
export async function runRetention(deps: { repo: RetentionRepo; audit: AuditRepo }, now: Date): Promise<RetentionCounts | null> {
  const result = await deps.repo.run(now, beijingDate(now));
  if (!result) return null; // another process is running it
  const byCommunity = new Map<string, RetentionCounts>();
  const found: Record<keyof RetentionCounts, { poi_id: string; n: number }[]> = {
    travel: result.travel,
    registrations: result.ended,
    logs: result.logs,
    invitations: result.invitations,
    board: result.board,
    albums: result.albums,
    bookings: result.bookings,
    images: result.images,
    eventMobiles: result.eventMobiles,
  };
  for (const key of KINDS) {
    for (const r of found[key]) {
      const c = byCommunity.get(r.poi_id) ?? none();
      c[key] += r.n;
      byCommunity.set(r.poi_id, c);
    }
  }
  const total = none();
  for (const [poiId, c] of byCommunity) {
    for (const key of KINDS) total[key] += c[key];
    await deps.audit.record({ actorId: null, action: 'retention.run', poiId, rows: rowsIn(c), detail: { ...c } });
  }
  await deps.audit.record({ actorId: null, action: 'retention.run', poiId: null, rows: rowsIn(total), detail: { ...total } });
  return total;
}

export function createRetentionService(deps: { repo: RetentionRepo; access: AccessService }) {
  const { repo, access } = deps;
  return {
    async get(poiId: string) {
      await access.requireCommunity(poiId);
      const own = await repo.settingsOf(poiId);
      return { retention: own ?? { ...RETENTION_DEFAULTS }, custom: own !== null };
    },

    async save(caller: Caller, body: { poiId: string } & Retention) {
      const scope = await access.requireStaff(caller, body.poiId);
      if (scope.role.kind !== 'administrator') throw forbidden(RetentionMsg.notAllowed);
      const retention = { travelDays: body.travelDays, endedDays: body.endedDays, logMonths: body.logMonths };
      await repo.save(scope.poiId, retention, caller.userId);
      return { retention };
    },
  };
}
export type RetentionService = ReturnType<typeof createRetentionService>;

/**
 * Runs the retention every `everyHours` inside the server (first a minute after start, so a
 * restart loop does not run it over and over). Returns a stop function. Operators who prefer
 * cron set RETENTION_EVERY_HOURS=0 and run `npm run retention`.
 */
export function scheduleRetention(run: () => Promise<unknown>, everyHours: number, onError: (e: unknown) => void): () => void {
  if (everyHours <= 0) return () => {};
  const tick = () => void run().catch(onError);
  const first = setTimeout(tick, 60_000);
  const every = setInterval(tick, everyHours * 3_600_000);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
