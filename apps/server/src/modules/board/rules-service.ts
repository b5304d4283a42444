import { forbidden } from '../../lib/errors';
import type { AccessService, CommunityRole } from '../access/service';
import type { AuditRepo } from '../audit/repo';
import type { Caller } from '../auth/caller';
import type { BoardAccess } from './board-access';
import { DEFAULT_BOARD_RULES } from './default-rules';
import type { WriteGateRepo } from './gate-repo';
import type { RulesRepo } from './rules-repo';
import { unixSeconds } from './notice';

/** Who moderates and edits the rules: administrators and managers; duty staff keep the gate. */
export const moderates = (role: CommunityRole | null) => role?.kind === 'administrator' || role?.kind === 'manager';
export const MSG_NOT_MODERATOR = '只有社区管理员和管理人员可以管理邻里圈';

/** /rules: the community's board rules, accepted once before a first post; managers replace them. */
export function createRulesService(deps: { rules: RulesRepo; gate: WriteGateRepo; board: BoardAccess; access: AccessService; audit: AuditRepo; now: () => Date }) {
  const { rules, gate, board, access, audit, now } = deps;
  return {
    async get(caller: Caller, poiId: string) {
      const scope = await board.reader(caller, poiId);
      const [own, accepted] = await Promise.all([rules.of(scope.poiId), gate.accepted(scope.poiId, caller.userId)]);
      return {
        text: own?.text ?? DEFAULT_BOARD_RULES,
        custom: own !== null,
        updatedAt: own ? unixSeconds(own.updatedAt) : null,
        accepted,
        canPost: scope.member,
        canEdit: moderates(scope.role),
      };
    },

    async accept(caller: Caller, poiId: string) {
      const scope = await board.member(caller, poiId);
      await gate.accept(scope.poiId, caller.userId, now());
      return { accepted: true as const };
    },

    /** An empty text returns to the default. Audited like every moderation action. */
    async save(caller: Caller, poiId: string, text: string) {
      const scope = await access.requireStaff(caller, poiId);
      if (!moderates(scope.role)) throw forbidden(MSG_NOT_MODERATOR);
      if (text) await rules.save(scope.poiId, text, caller.userId, now());
      else await rules.reset(scope.poiId);
      await audit.record({ actorId: caller.userId, action: 'board.rules', poiId: scope.poiId, detail: { custom: Boolean(text) } });
      return { custom: Boolean(text) };
    },
  };
}
export type RulesService = ReturnType<typeof createRulesService>;
