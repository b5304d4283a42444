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
 * The text of a PDF, page by page. pdf.js gives runs of text with their positions, split wherever
 * the font changes (Noto CJK for Chinese, another for digits): runs that touch on a line are joined,
 * a gap (a table's next cell, the next line) becomes a space. Then normalised (normaliseText).
 */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(pdf), cMapUrl: dirUrl('cmaps'), cMapPacked: true, standardFontDataUrl: dirUrl('standard_fonts'), isEvalSupported: false, useSystemFonts: false }).promise;
  try {
    let out = '';
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      let end: { x: number; y: number } | null = null;
      for (const item of content.items) {
        if (!('str' in item) || item.str === '') continue;
        const [, , , , x, y] = item.transform as number[];
        const size = item.height || 10;
        const touching = end !== null && Math.abs(y! - end.y) < size / 2 && Math.abs(x! - end.x) < size * 0.25;
        out += (touching ? '' : ' ') + item.str;
        end = { x: x! + item.width, y: y! };
      }
      out += ' ';
    }
    return normaliseText(out);
  } finally {
    await doc.destroy();
  }
}

/** The text without any white space, to find a sentence however the page wrapped it. */
export const squashed = (text: string) => text.replace(/\s+/g, '');

const CJK = '\\u3000-\\u303f\\u3300-\\u33ff\\u3400-\\u9fff\\uff00-\\uffef';
/**
 * Characters whose glyph Noto CJK shares with a radical or a variant: the PDF's ToUnicode names one
 * of them, and pdf.js reads back ⺠ for 民, ⻚ for 页, 戶 for 户. Mapped back to what the page printed.
 */
const SHARED_GLYPHS: Record<string, string> = {
  '⺠': '民', '⻚': '页', '⻅': '见', '⻓': '长', '⻔': '门', '⻢': '马', '⻋': '车', '⻛': '风', '⻜': '飞', '⻆': '角', '⻩': '黄',
  '⻙': '韦', '⻬': '齐', '⻰': '龙', '⻦': '鸟', '⻥': '鱼', '⻉': '贝', '⻐': '钅', '⻠': '饣', '⻨': '麦', '⻮': '齿', '⻳': '龟', 戶: '户',
};
const SHARED = new RegExp(`[${Object.keys(SHARED_GLYPHS).join('')}]`, 'g');

/**
 * One space for each run of white space, none between two CJK characters or punctuation marks; the
 * Kangxi radicals some CJK fonts map their glyphs to (⼈ for 人, ⽇ for 日) read as the characters
 * (NFKC on those alone: on the whole text it would also turn （ into ( and ㎡ into m2), and the
 * other shared glyphs as SHARED_GLYPHS says.
 */
export function normaliseText(text: string): string {
  return text
    .replace(/[\u2f00-\u2fdf]/g, (c) => c.normalize('NFKC'))
    .replace(SHARED, (c) => SHARED_GLYPHS[c]!)
    .replace(/\s+/g, ' ')
    .replace(new RegExp(`(?<=[${CJK}]) (?=[${CJK}])`, 'g'), '')
    .trim();
}
