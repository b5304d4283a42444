/**
 * What a post's or comment's text is found by (board_posts.search_terms, a GIN index), without a
 * Chinese parser: every CJK character alone and every pair of neighbouring CJK characters, and
 * every latin word or number, lower-cased. A query of two or more CJK characters asks for all of
 * its pairs (婴儿车 → 婴儿, 儿车), one character for itself; the repository then checks the exact
 * words, so pairs that only meet apart do not count.
 */

/** Han ideographs (with extension A and compatibility), kana and hangul: written without spaces. */
const CJK_CLASS = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}';
const CJK = new RegExp(`[${CJK_CLASS}]`, 'u');
/** A CJK run, or a run of other letters and digits (a latin word, a number). */
const RUNS = new RegExp(`([${CJK_CLASS}]+)|((?:(?![${CJK_CLASS}])[\\p{L}\\p{N}])+)`, 'gu');
/** A word longer than this is no word a neighbour searches for (a pasted token, a hash). */
const WORD_MAX = 32;

function runsOf(text: string): { cjk: string[]; words: string[] } {
  const cjk: string[] = [];
  const words: string[] = [];
  for (const m of text.normalize('NFKC').toLowerCase().matchAll(RUNS)) {
    if (m[1]) cjk.push(m[1]);
    else if (m[2] && m[2].length <= WORD_MAX) words.push(m[2]);
  }
  return { cjk, words };
}

const pairsOf = (chars: string[]) => chars.slice(1).map((c, i) => chars[i]! + c);

/** The terms a text is indexed under (each once). */
export function searchTermsOf(text: string): string[] {
  const terms = new Set<string>();
  const { cjk, words } = runsOf(text);
  for (const run of cjk) {
    const chars = [...run];
    for (const c of chars) terms.add(c);
    for (const p of pairsOf(chars)) terms.add(p);
  }
  for (const w of words) terms.add(w);
  return [...terms];
}

/** The terms a text must hold to contain the keyword (empty: the keyword has no searchable word). */
export function queryTermsOf(keyword: string): string[] {
  const terms = new Set<string>();
  const { cjk, words } = runsOf(keyword);
  for (const run of cjk) {
    const chars = [...run];
    if (chars.length === 1) terms.add(chars[0]!);
    for (const p of pairsOf(chars)) terms.add(p);
  }
  for (const w of words) terms.add(w);
  return [...terms];
}

/** Whether `char` is written without spaces (for tests and callers that split by hand). */
export const isCjk = (char: string) => CJK.test(char);
