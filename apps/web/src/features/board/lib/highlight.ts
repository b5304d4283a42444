/** Text split around every case-insensitive occurrence of `keyword`, for marking it in results. */
export function splitByKeyword(text: string, keyword: string): { text: string; hit: boolean }[] {
  const word = keyword.trim();
  if (!word) return [{ text, hit: false }];
  const parts: { text: string; hit: boolean }[] = [];
  const lower = text.toLowerCase();
  const needle = word.toLowerCase();
  let from = 0;
  for (let at = lower.indexOf(needle); at !== -1; at = lower.indexOf(needle, from)) {
    if (at > from) parts.push({ text: text.slice(from, at), hit: false });
    parts.push({ text: text.slice(at, at + word.length), hit: true });
    from = at + word.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), hit: false });
  return parts;
}
