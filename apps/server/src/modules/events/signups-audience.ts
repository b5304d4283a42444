import { beijingDate } from '@sq/contract/beijing-time';
import { EventMsg, type EventAudience } from '@sq/contract/events/event-rules';
import { forbidden } from '../../lib/errors';
import type { AccessService } from '../access/service';
import type { Caller } from '../auth/caller';
import type { AudienceRepo } from './signups-audience-repo';

/**
 * Who may sign up for an event (event-rules EVENT_AUDIENCES): `residents` by requireResident's
 * rule (an approved pass, a home in the register, or staff), `owners` by a home in the register
 * (or staff), `link` anyone logged in. Throws 403 with the audience's own words.
 */
export function createAudienceCheck(deps: { access: AccessService; repo: AudienceRepo; now: () => Date }) {
  const { access, repo, now } = deps;
  return async (caller: Caller, event: { poiId: string; audience: string }): Promise<void> => {
    const audience = event.audience as EventAudience;
    if (audience === 'link') return;
    if (audience === 'owners') {
      if ((await access.roleIn(caller, event.poiId)) || (await repo.ownsHome(caller.userId, event.poiId))) return;
      throw forbidden(EventMsg.notOwner);
    }
    const scope = await access.requireReader(caller, event.poiId, beijingDate(now()), EventMsg.notResident);
    if (!scope.member) throw forbidden(EventMsg.notResident);
  };
}
export type AudienceCheck = ReturnType<typeof createAudienceCheck>;
