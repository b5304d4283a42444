import { storage, StorageKey } from '../../../lib/storage';

/** Enough to find last week's search again, few enough to read at a glance. */
const KEEP = 10;

/** The searches made on this phone, newest first (kept on the phone only: nobody else's business). */
export function recentSearches(): string[] {
  try {
    const list: unknown = JSON.parse(storage.get(StorageKey.boardSearches) ?? '[]');
    return Array.isArray(list) ? list.filter((s): s is string => typeof s === 'string').slice(0, KEEP) : [];
  } catch {
    return [];
  }
}

export function rememberSearch(keyword: string): void {
  const word = keyword.trim();
  if (!word) return;
  storage.set(StorageKey.boardSearches, JSON.stringify([word, ...recentSearches().filter((s) => s !== word)].slice(0, KEEP)));
}

export function clearSearches(): void {
  storage.remove(StorageKey.boardSearches);
}
