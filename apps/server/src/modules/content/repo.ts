import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contentSettings } from '../../db/schema';

export type LinkPolicy = 'hold' | 'allow';
export type ContentSettingsRow = { keywords: string[]; links: LinkPolicy };
/** Until its managers change them: no keywords of its own, links wait for staff. */
export const DEFAULT_CONTENT_SETTINGS: ContentSettingsRow = { keywords: [], links: 'hold' };

export function createContentSettingsRepo(db: Db) {
  return {
    async settingsOf(poiId: string): Promise<ContentSettingsRow | null> {
      const [row] = await db.select({ keywords: contentSettings.keywords, links: contentSettings.links }).from(contentSettings).where(eq(contentSettings.poiId, poiId));
      return row ? { keywords: row.keywords, links: row.links === 'allow' ? 'allow' : 'hold' } : null;
    },

    async save(poiId: string, settings: ContentSettingsRow, userId: string) {
      await db
        .insert(contentSettings)
        .values({ poiId, ...settings, updatedBy: userId })
        .onConflictDoUpdate({ target: contentSettings.poiId, set: { ...settings, updatedBy: userId, updatedAt: sql`now()` } });
    },
  };
}
export type ContentSettingsRepo = ReturnType<typeof createContentSettingsRepo>;
