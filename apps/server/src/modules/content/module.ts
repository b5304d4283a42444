import { getContentSettings, saveContentSettings } from '@sq/contract/content/content-settings';
import type { Db } from '../../db/client';
import type { RouteKit } from '../../lib/route-kit';
import type { AccessService } from '../access/service';
import type { AuditRepo } from '../audit/repo';
import { createContentChecks, type ContentChecks } from './checks';
import { createContentSettingsRepo } from './repo';
import { createContentSettingsService } from './settings-service';

/**
 * The content checks composed, with their settings' endpoints. Answers the one `ContentChecks`
 * every writing domain is given, so that a settings change reaches their checks at once.
 */
export function registerContent(kit: RouteKit, deps: { db: Db; access: AccessService; audit: AuditRepo }): ContentChecks {
  const repo = createContentSettingsRepo(deps.db);
  const checks = createContentChecks(deps.db, repo);
  const settings = createContentSettingsService({ repo, checks, access: deps.access, audit: deps.audit });
  kit.authed(getContentSettings, ({ caller, query }) => settings.get(caller, query.poiId));
  kit.authed(saveContentSettings, ({ caller, body }) => settings.save(caller, body));
  return checks;
}
