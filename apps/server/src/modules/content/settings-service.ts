import { MSG_CONTENT_SETTINGS_NOT_ALLOWED } from '@sq/contract/content/content-settings';
import { forbidden } from '../../lib/errors';
import type { AccessService } from '../access/service';
import type { AuditRepo } from '../audit/repo';
import type { Caller } from '../auth/caller';
import type { ContentChecks } from './checks';
import { DEFAULT_KEYWORDS } from './default-keywords';
import { DEFAULT_CONTENT_SETTINGS, type ContentSettingsRepo, type ContentSettingsRow } from './repo';

/** 关键词与链接: every staff member reads them; administrators and managers change them. */
export function createContentSettingsService(deps: { repo: ContentSettingsRepo; checks: ContentChecks; access: AccessService; audit: AuditRepo }) {
  const { repo, checks, access, audit } = deps;
  const answer = (s: ContentSettingsRow) => ({ keywords: s.keywords, links: s.links, defaultKeywords: DEFAULT_KEYWORDS.length });
  return {
    async get(caller: Caller, poiId: string) {
      const scope = await access.requireStaff(caller, poiId);
      return answer((await repo.settingsOf(scope.poiId)) ?? DEFAULT_CONTENT_SETTINGS);
    },

    async save(caller: Caller, body: { poiId: string; keywords: string[]; links: 'hold' | 'allow' }) {
      const scope = await access.requireStaff(caller, body.poiId);
      if (scope.role.kind === 'duty') throw forbidden(MSG_CONTENT_SETTINGS_NOT_ALLOWED);
      // Each word once, in the order typed.
      const settings: ContentSettingsRow = { keywords: [...new Set(body.keywords)], links: body.links };
      const before = await repo.settingsOf(scope.poiId);
      await repo.save(scope.poiId, settings, caller.userId);
      checks.forget(scope.poiId);
      const added = settings.keywords.filter((k) => !before?.keywords.includes(k));
      const removed = (before?.keywords ?? []).filter((k) => !settings.keywords.includes(k));
      await audit.record({ actorId: caller.userId, action: 'content.settings', poiId: scope.poiId, rows: 1, detail: { added, removed, links: settings.links } });
      return answer(settings);
    },
  };
}
export type ContentSettingsService = ReturnType<typeof createContentSettingsService>;
