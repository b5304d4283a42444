import type { AuditRepo } from '../audit/repo';
import type { OwnersRepo } from './owners-repo';
import type { PollsRepo } from './repo';

type PollRow = NonNullable<Awaited<ReturnType<PollsRepo['findPoll']>>>;

/**
 * An owners' vote with a start fixes its roll once voting has opened (owners-repo `fixRoll`), on
 * the first request that looks at it afterwards; audited once.
 */
export async function fixRollIfStarted(deps: { owners: OwnersRepo; audit: AuditRepo; now: () => Date }, poll: PollRow) {
  if (poll.mode !== 1 || !poll.startTime || poll.rollFixedAt || !poll.poiId) return;
  if (poll.startTime.getTime() > deps.now().getTime()) return;
  if (await deps.owners.fixRoll(poll.id, poll.poiId, deps.now())) {
    await deps.audit.record({ actorId: null, action: 'poll.owners.roll', poiId: poll.poiId, subjectId: poll.id, rows: 1, detail: {} });
  }
  poll.rollFixedAt = deps.now();
}
