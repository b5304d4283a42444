import { EventMsg } from '@sq/contract/events/event-rules';
import { forbidden } from '../../lib/errors';
import type { AuditRepo } from '../audit/repo';
import type { Caller } from '../auth/caller';
import { managesSettings, type EventAccess } from './event-access';
import type { SettingsRepo } from './settings-repo';

/** Whether residents may propose events: read by the community's readers, changed by its administrators and managers (audited). */
export function createSettingsService(deps: { settings: SettingsRepo; access: EventAccess; audit: AuditRepo; now: () => Date }) {
  const { settings, access, audit, now } = deps;
  return {
    async get(caller: Caller, poiId: string) {
      const scope = await access.reader(caller, poiId);
      return settings.of(scope.poiId);
    },

    async save(caller: Caller, body: { poiId: string; residentsPropose: boolean }) {
      const scope = await access.staff(caller, body.poiId);
      if (!managesSettings(scope.role)) throw forbidden(EventMsg.notManager);
      await settings.save(scope.poiId, { residentsPropose: body.residentsPropose }, caller.userId, now());
      await audit.record({ actorId: caller.userId, action: 'events.settings', poiId: scope.poiId, detail: { residentsPropose: body.residentsPropose } });
      return { residentsPropose: body.residentsPropose };
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
