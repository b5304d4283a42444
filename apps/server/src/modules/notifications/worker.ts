import type { NotificationService } from './service';

/**
 * Sends what the outbox holds, in the background of every app process: woken at once when this
 * process records a notice, and every `everyMs` for the rest (notices other processes recorded,
 * retries that came due, deliveries a crashed process left leased). Reminders of waiting reviews
 * and the deletion of old notices run every `housekeepingMs`. Processes share the work through
 * the outbox's row locks (SKIP LOCKED): a delivery is claimed by one of them.
 */
export function startNotificationWorker(
  service: NotificationService,
  opts: { everyMs: number; housekeepingMs: number; onError: (err: unknown, what: string) => void },
) {
  if (opts.everyMs <= 0) return { stop: async () => {} };
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let lastHousekeeping = 0;

  const pass = async () => {
    // On the app's clock, which tests move by hours.
    const t = service.now().getTime();
    if (t - lastHousekeeping >= opts.housekeepingMs) {
      lastHousekeeping = t;
      await service.remindWaitingReviews().catch((e: unknown) => opts.onError(e, 'reminding of waiting reviews'));
      await service.forgetOld().catch((e: unknown) => opts.onError(e, 'deleting old notifications'));
    }
    // A full batch means more may be due: go on until the outbox has nothing due.
    while (!stopped && (await service.deliverDue().catch((e: unknown) => (opts.onError(e, 'sending notifications'), 0))) >= 20);
  };

  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = pass().finally(() => {
      running = null;
      if (again) {
        again = false;
        run();
      }
    });
  };

  service.onRecorded(() => setImmediate(run));
  const timer = setInterval(run, opts.everyMs);
  timer.unref();
  run();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
