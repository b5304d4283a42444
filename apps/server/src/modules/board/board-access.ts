import { beijingDate, beijingDateTime } from '@sq/contract/beijing-time';
import { BoardMsg } from '@sq/contract/board/board-rules';
import { forbidden, notFound } from '../../lib/errors';
import type { AccessService, ReaderScope } from '../access/service';
import type { Caller } from '../auth/caller';
import type { WriteGateRepo } from './gate-repo';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path's id as a uuid, or 404 with `message` (anything else is simply no such row). */
export function idOf(id: string, message: string): string {
  if (!UUID.test(id)) throw notFound(message);
  return id.toLowerCase();
}

/** Who may read and who may write on a community's board (requireReader's rule, and the mute). */
export function createBoardAccess(deps: { access: AccessService; gate: WriteGateRepo; now: () => Date }) {
  const { access, gate, now } = deps;
  const reader = (caller: Caller, poiId: string): Promise<ReaderScope> => access.requireReader(caller, poiId, beijingDate(now()), BoardMsg.notJoined);
  return {
    reader,

    /** A member (resident or staff) who is not muted here; 403 with the board's words otherwise. */
    async writer(caller: Caller, poiId: string): Promise<ReaderScope> {
      const scope = await reader(caller, poiId);
      if (!scope.member) throw forbidden(BoardMsg.notMember);
      const until = await gate.mutedUntil(scope.poiId, caller.userId, now());
      if (until) throw forbidden(BoardMsg.muted(beijingDateTime(until)));
      return scope;
    },

    /** A member, muted or not (likes and reports are no speech). */
    async member(caller: Caller, poiId: string): Promise<ReaderScope> {
      const scope = await reader(caller, poiId);
      if (!scope.member) throw forbidden(BoardMsg.notMember);
      return scope;
    },
  };
}
export type BoardAccess = ReturnType<typeof createBoardAccess>;
