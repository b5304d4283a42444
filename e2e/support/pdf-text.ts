import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * pdf.js's data from the installed package (never fetched): the CMaps let it map Noto CJK's
 * glyphs back to Chinese characters; the standard fonts spare it a warning per Latin font.
 */
const pdfjsDir = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const dirUrl = (dir: string) => pathToFileURL(path.join(pdfjsDir, dir) + path.sep).href;

/**
 * The text of a PDF, page by page, with every run of white space made one space and the spaces
 * between two CJK characters dropped: pdf.js splits a printed line into runs wherever the font or
 * the spacing changes, so "计票人" may come out as "计 票⼈".
 */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(pdf), cMapUrl: dirUrl('cmaps'), cMapPacked: true, standardFontDataUrl: dirUrl('standard_fonts'), isEvalSupported: false, useSystemFonts: false }).promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? ' ' : '') : '')).join(''));
    }
    return normaliseText(pages.join(' '));
  } finally {
    await doc.destroy();
  }
}

const CJK = '\\u3000-\\u303f\\u3400-\\u9fff\\uff00-\\uffef';
/**
 * One space for each run of white space, none between two CJK characters or punctuation marks; the
 * Kangxi radicals some CJK fonts map their glyphs to (⼈ for 人, ⽇ for 日) read as the characters
 * (NFKC on those alone: on the whole text it would also turn （ into ( and ㎡ into m2).
 */
export function normaliseText(text: string): string {
  return text
    .replace(/[\u2e80-\u2fdf]/g, (c) => c.normalize('NFKC'))
    .replace(/\s+/g, ' ')
    .replace(new RegExp(`(?<=[${CJK}]) (?=[${CJK}])`, 'g'), '')
    .trim();
}
