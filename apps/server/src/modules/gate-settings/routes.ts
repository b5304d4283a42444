import { getGateSettings, saveGateSettings } from '@sq/contract/pass/gate-settings';
import type { RouteKit } from '../../lib/route-kit';
import type { GateSettingsService } from './service';

export function gateSettingsRoutes(kit: RouteKit, settings: GateSettingsService) {
  kit.authed(getGateSettings, ({ caller, query }) => settings.get(caller, query.poiId));
  kit.authed(saveGateSettings, ({ caller, body }) => settings.save(caller, body));
}
