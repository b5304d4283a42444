import type { NotificationService } from '../notifications/service';
import type { RemindersRepo } from './reminders-repo';
import { eventLink } from './signups-views';

/** One pass: every reminder due now, recorded as notices (in the app, SMS, WeChat) and marked sent. */
export async function runEventReminders(deps: { repo: RemindersRepo; notices: NotificationService; now: () => Date }) {
  return deps.repo.pass(deps.now(), async (due) => {
    for (const r of due) {
      await deps.notices.event({
        userId: r.userId,
        kind: 'eventReminder',
        poiId: r.poiId,
        what: r.title,
        startsAt: r.startsAt,
        link: eventLink(r.eventId),
        // Once per sign-up and lead time, whichever process records it.
        event: `reminder:${r.signupId}:${r.which}`,
      });
    }
  });
}

/**
 * Runs the reminders every `everyMs` in the background of every app process (the advisory lock
 * lets one of them do each pass). Returns a stop function that waits for a pass under way.
 */
export function scheduleEventReminders(run: () => Promise<unknown>, everyMs: number, onError: (e: unknown) => void): () => Promise<void> {
  if (everyMs <= 0) return async () => {};
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = run()
      .catch(onError)
      .finally(() => (running = null));
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
