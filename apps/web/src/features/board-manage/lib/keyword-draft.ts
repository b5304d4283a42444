import { CONTENT_KEYWORD_MAX_CHARS, CONTENT_KEYWORDS_MAX, ContentMsg } from '@sq/contract/content/content-settings';

/**
 * Adds one keyword to the community's list as the page edits it: trimmed, within the length
 * and count saveContentSettings allows, once. Answers the new list, or the message to show.
 */
export function addKeyword(list: readonly string[], typed: string): { list: string[] } | { message: string } {
  const word = typed.trim();
  if (word.length < 1 || word.length > CONTENT_KEYWORD_MAX_CHARS) return { message: ContentMsg.keyword };
  if (list.some((k) => k.toLowerCase() === word.toLowerCase())) return { message: `“${word}”已在列表中` };
  if (list.length >= CONTENT_KEYWORDS_MAX) return { message: ContentMsg.tooMany };
  return { list: [...list, word] };
}

/** Whether the edited list differs from the saved one (order aside). */
export function keywordsChanged(saved: readonly string[], draft: readonly string[]): boolean {
  if (saved.length !== draft.length) return true;
  const set = new Set(saved);
  return draft.some((k) => !set.has(k));
}
