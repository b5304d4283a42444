import { GateSettingsMsg, REENTRY_DEFAULT_MINUTES, type GateSettings } from '@sq/contract/pass/gate-settings';
import { forbidden } from '../../lib/errors';
import type { AccessService } from '../access/service';
import type { AuditRepo } from '../audit/repo';
import type { Caller } from '../auth/caller';
import type { GateSettingsRepo } from './repo';

/** A community's gate rules (门禁规则): every staff member reads them, managers and administrators change them. */
export function createGateSettingsService(deps: { repo: GateSettingsRepo; access: AccessService; audit: AuditRepo }) {
  const { repo, access, audit } = deps;
  return {
    async get(caller: Caller, poiId: string) {
      const scope = await access.requireStaff(caller, poiId);
      const own = await repo.settingsOf(scope.poiId);
      return { reentryMinutes: own?.reentryMinutes ?? REENTRY_DEFAULT_MINUTES, custom: own !== null };
    },

    async save(caller: Caller, body: { poiId: string } & GateSettings) {
      const scope = await access.requireStaff(caller, body.poiId);
      if (scope.role.kind === 'duty') throw forbidden(GateSettingsMsg.notAllowed);
      const settings = { reentryMinutes: body.reentryMinutes };
      await repo.save(scope.poiId, settings, caller.userId);
      await audit.record({ actorId: caller.userId, action: 'gate.settings', poiId: scope.poiId, rows: 1, detail: { ...settings } });
      return settings;
    },
  };
}
export type GateSettingsService = ReturnType<typeof createGateSettingsService>;
