import type { Db } from '../../db/client';
import type { PiiCipher } from '../../lib/crypto';
import type { RouteKit } from '../../lib/route-kit';
import type { Slots } from '../../lib/slots';
import type { AuditRepo } from '../audit/repo';
import type { ContentChecks } from '../content/checks';
import type { PhotoCookie } from '../images/photo-cookie';
import type { NotificationService } from '../notifications/service';
import { createRemindersRepo } from './reminders-repo';
import { runEventReminders, scheduleEventReminders } from './reminders-job';
import type { EventAccess } from './event-access';
import type { ErasurePromotions } from './signups-erasure-repo';
import { createSignupsManageRepo } from './signups-manage-repo';
import { createSignupsManageService } from './signups-manage-service';
import { createMineRepo } from './signups-mine-repo';
import { createMineService } from './signups-mine-service';
import { createSignupsRepo } from './signups-repo';
import { signupRoutes } from './signups-routes';
import { createSignupsService } from './signups-service';

/** Reminders looked for once a minute: the hour's reminder goes out within a minute of its time. */
const REMINDERS_EVERY_MS = 60_000;

/**
 * 社区活动's sign-ups composed (repos → services → routes), with the reminders' background job.
 * Answers what the rest of the app needs of it: telling those an erased account's places moved
 * up (mydata), and stopping the job (app close).
 */
export function registerSignups(
  kit: RouteKit,
  deps: {
    db: Db;
    /** From registerEvents: who reads, runs and may join an event, and the lists' cache. */
    events: { access: EventAccess; changed: (poiId: string) => void };
    audit: AuditRepo;
    notices: NotificationService;
    checks: ContentChecks;
    pii: PiiCipher;
    slots: Slots;
    photoCookie: PhotoCookie;
    now: () => Date;
    /** EVENT_REMINDERS_EVERY_MS; undefined: once a minute. */
    remindersEveryMs?: number;
    onError: (err: unknown, what: string) => void;
  },
) {
  const { db, audit, notices, checks, pii, slots, photoCookie, now } = deps;
  const { access, changed } = deps.events;
  const repo = createSignupsRepo(db);
  const signups = createSignupsService({ repo, access, checks, notices, pii, changed, now });
  const mine = createMineService({ repo: createMineRepo(db), now });
  const manage = createSignupsManageService({ repo: createSignupsManageRepo(db), signups: repo, access, audit, pii, slots, changed, now });
  signupRoutes(kit, { signups, mine, manage, photoCookie });
  const reminders = createRemindersRepo(db);
  const stop = scheduleEventReminders(() => runEventReminders({ repo: reminders, notices, now }), deps.remindersEveryMs ?? REMINDERS_EVERY_MS, (err) =>
    deps.onError(err, 'sending event reminders'),
  );
  return {
    stop,
    async tellPromoted(list: ErasurePromotions) {
      for (const { eventId, promoted } of list) {
        const event = await repo.event(eventId);
        if (event) await signups.tellPromoted(event, promoted);
      }
    },
  };
}
