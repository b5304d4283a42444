import { DEFAULT_KEYWORDS } from './default-keywords';

/**
 * Keyword matching that survives the usual evasions: full-width letters, upper case, and spaces,
 * dots or symbols put between the characters (刷 单, 刷.单). Both the text and the keywords are
 * reduced to letters, digits and CJK characters before comparing.
 */
export function compact(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

/** The keywords (maintained list, then the community's own) that `text` holds, each once. */
export function matchKeywords(text: string, own: readonly string[]): string[] {
  const plain = compact(text);
  const found = new Set<string>();
  for (const word of [...DEFAULT_KEYWORDS, ...own]) {
    const w = compact(word);
    if (w && plain.includes(w)) found.add(word);
  }
  return [...found];
}
