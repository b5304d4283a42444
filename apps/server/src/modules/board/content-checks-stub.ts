import { maskMobile } from '@sq/contract/rules';
import type { Db } from '../../db/client';

/**
 * TEMPORARY until main's modules/content/checks.ts is merged: the same signature, with a
 * built-in keyword or two and a link rule, so the board's code and tests run against its contract.
 */
export function createContentChecks(_db: Db) {
  return {
    async check(_poiId: string, text: string, opts: { showPhone: boolean }) {
      const heldReasons: ('keyword' | 'link')[] = [];
      const keywords = ['代开发票', '赌博'].filter((k) => text.includes(k));
      if (keywords.length) heldReasons.push('keyword');
      if (/https?:\/\/|www\./i.test(text)) heldReasons.push('link');
      const shown = opts.showPhone ? text : text.replace(/1[3-9]\d{9}/g, (m) => maskMobile(m));
      return { text: shown, held: heldReasons.length > 0, heldReasons, keywords };
    },
  };
}
export type ContentChecks = ReturnType<typeof createContentChecks>;
