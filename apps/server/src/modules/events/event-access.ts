import { beijingDate } from '@sq/contract/beijing-time';
import { EventMsg, type EventAudience } from '@sq/contract/events/event-rules';
import { BoundedCache } from '../../lib/bounded-cache';
import { AppError, forbidden } from '../../lib/errors';
import type { AccessService, CommunityRole, ReaderScope, StaffScope } from '../access/service';
import type { Caller } from '../auth/caller';
import type { AudienceRepo } from './audience-repo';

/**
 * How long a reader's standing is trusted for the lists' first pages, which every resident opens
 * (the board's FEED_READER_AGE_MS and its bench figure): someone who leaves the community reads
 * its first page of events for these seconds more.
 */
const LIST_READER_AGE_MS = 5_000;

/** Settings (residents may propose) are the administrators' and managers' (as the board's rules). */
export const managesSettings = (role: CommunityRole | null) => role?.kind === 'administrator' || role?.kind === 'manager';

/** Who may read a community's events, who runs them, and who may sign up for one (its audience). */
export function createEventAccess(deps: { access: AccessService; audience: AudienceRepo; now: () => Date }) {
  const { access, audience, now } = deps;
  const reader = (caller: Caller, poiId: string): Promise<ReaderScope> => access.requireReader(caller, poiId, beijingDate(now()), EventMsg.notJoined);
  const readers = new BoundedCache<string, ReaderScope>(50_000, LIST_READER_AGE_MS, () => now().getTime());
  return {
    reader,

    /** `reader`, remembered a few seconds per person and community (refusals are not remembered). */
    listReader: async (caller: Caller, poiId: string): Promise<ReaderScope> => (await readers.load(`${caller.userId}|${poiId}`, () => reader(caller, poiId)))!,

    /** The community's staff (any role: administrators, managers, duty staff); 403 in the events' words otherwise. */
    async staff(caller: Caller, poiId: string): Promise<StaffScope> {
      try {
        return await access.requireStaff(caller, poiId);
      } catch (e) {
        if (e instanceof AppError && e.code === 403) throw forbidden(EventMsg.notStaff);
        throw e;
      }
    },

    /** The reader's scope, or null for someone of no standing there (an event open to everyone with its link). */
    async readerOrNull(caller: Caller, poiId: string): Promise<ReaderScope | null> {
      try {
        return await reader(caller, poiId);
      } catch (e) {
        if (e instanceof AppError && e.code === 403) return null;
        throw e;
      }
    },

    /** Whether the event's audience takes this person, whatever the window says (the detail's canSignUp). */
    async admits(caller: Caller, scope: ReaderScope | null, poiId: string, who: EventAudience): Promise<boolean> {
      if (who === 'link') return true;
      if (!scope?.member) return false;
      if (who === 'residents' || scope.role) return true;
      return audience.isOwner(caller.userId, poiId);
    },
  };
}
export type EventAccess = ReturnType<typeof createEventAccess>;
