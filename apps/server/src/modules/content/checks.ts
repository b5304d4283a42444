import type { Db } from '../../db/client';
import { BoundedCache } from '../../lib/bounded-cache';
import { createContentSettingsRepo, DEFAULT_CONTENT_SETTINGS, type ContentSettingsRow } from './repo';
import { matchKeywords } from './keywords';
import { hasLink, maskPersonalNumbers } from './mask-text';

export type HeldReason = 'keyword' | 'link';
export interface TextVerdict {
  /** The text as it may be stored and shown: personal numbers masked (mask-text.ts). */
  text: string;
  /** Whether it waits for staff before anyone else sees it. */
  held: boolean;
  heldReasons: HeldReason[];
  /** The keywords it matched (for staff only). */
  keywords: string[];
}

/**
 * Settings change seldom and every post and comment reads them: each node keeps them 30 s, so a
 * keyword a manager adds holds texts on every node of a cluster within half a minute.
 */
const SETTINGS_AGE_MS = 30_000;

/**
 * The one check every user-written text passes (DESIGN.md §9 "Content checks"): posts, comments,
 * later event and shop texts. Pure except for reading the community's settings.
 */
export function createContentChecks(db: Db, repo = createContentSettingsRepo(db)) {
  const cache = new BoundedCache<string, ContentSettingsRow>(10_000, SETTINGS_AGE_MS);
  const settingsOf = async (poiId: string): Promise<ContentSettingsRow> =>
    (await cache.load(poiId, async () => (await repo.settingsOf(poiId)) ?? DEFAULT_CONTENT_SETTINGS))!;
  return {
    async check(poiId: string, text: string, opts: { showPhone: boolean }): Promise<TextVerdict> {
      const settings = await settingsOf(poiId);
      const keywords = matchKeywords(text, settings.keywords);
      const heldReasons: HeldReason[] = [];
      if (keywords.length > 0) heldReasons.push('keyword');
      if (settings.links === 'hold' && hasLink(text)) heldReasons.push('link');
      return { text: maskPersonalNumbers(text, opts), held: heldReasons.length > 0, heldReasons, keywords };
    },
    /** After a save on this node: the next check reads the new settings at once. */
    forget: (poiId: string) => cache.delete(poiId),
  };
}
export type ContentChecks = ReturnType<typeof createContentChecks>;
