import { beijingDate } from '@sq/contract/beijing-time';
import { RETENTION_DEFAULTS, RetentionMsg, type Retention } from '@sq/contract/manage/retention';
import { forbidden } from '../../lib/errors';
import type { AccessService } from '../access/service';
import type { AuditRepo } from '../audit/repo';
import type { Caller } from '../auth/caller';
import type { RetentionRepo } from './repo';

export interface RetentionCounts {
  travel: number;
  registrations: number;
  logs: number;
  invitations: number;
  /** 邻里圈 posts and comments hidden past their period. */
  board: number;
  /** Photos nothing uses (images/retention.ts). */
  images: number;
  /** Mobiles of event sign-ups whose event ended past its period (events/signups-retention-repo.ts). */
  eventMobiles: number;
}

/**
 * Deletes personal data whose purpose has ended (PIPL art. 19, 47), by each community's periods,
 * and puts each run on the audit log: one line per community that changed, and one for the run,
 * with counts only.
 */
export async function runRetention(deps: { repo: RetentionRepo; audit: AuditRepo }, now: Date): Promise<RetentionCounts | null> {
  const result = await deps.repo.run(now, beijingDate(now));
  if (!result) return null; // another process is running it
  const byCommunity = new Map<string, RetentionCounts>();
  const add = (rows: { poi_id: string; n: number }[], key: keyof RetentionCounts) => {
    for (const r of rows) {
      const c = byCommunity.get(r.poi_id) ?? { travel: 0, registrations: 0, logs: 0, invitations: 0, board: 0, images: 0, eventMobiles: 0 };
      c[key] += r.n;
      byCommunity.set(r.poi_id, c);
    }
  };
  add(result.travel, 'travel');
  add(result.ended, 'registrations');
  add(result.logs, 'logs');
  add(result.invitations, 'invitations');
  add(result.board, 'board');
  add(result.images, 'images');
  add(result.eventMobiles, 'eventMobiles');
  const total: RetentionCounts = { travel: 0, registrations: 0, logs: 0, invitations: 0, board: 0, images: 0, eventMobiles: 0 };
  for (const [poiId, c] of byCommunity) {
    total.travel += c.travel;
    total.registrations += c.registrations;
    total.logs += c.logs;
    total.invitations += c.invitations;
    total.board += c.board;
    total.images += c.images;
    total.eventMobiles += c.eventMobiles;
    const rows = c.travel + c.registrations + c.logs + c.invitations + c.board + c.images + c.eventMobiles;
    await deps.audit.record({ actorId: null, action: 'retention.run', poiId, rows, detail: { ...c } });
  }
  const rows = total.travel + total.registrations + total.logs + total.invitations + total.board + total.images + total.eventMobiles;
  await deps.audit.record({ actorId: null, action: 'retention.run', poiId: null, rows, detail: { ...total } });
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
