import { strFromU8, unzipSync } from 'fflate';

const unescape = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');

/**
 * Reads the first sheet of an .xlsx into rows of cell values (inline strings and numbers, the
 * two kinds our exports write), checking the package parts a spreadsheet program needs.
 */
export function readXlsx(file: Uint8Array): { sheetName: string; rows: (string | number | null)[][] } {
  const parts = unzipSync(file);
  for (const name of ['[Content_Types].xml', '_rels/.rels', 'xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/worksheets/sheet1.xml']) {
    if (!parts[name]) throw new Error(`missing part ${name}`);
  }
  const sheetName = unescape(/<sheet name="([^"]*)"/.exec(strFromU8(parts['xl/workbook.xml']!))![1]!);
  const xml = strFromU8(parts['xl/worksheets/sheet1.xml']!);
  const rows: (string | number | null)[][] = [];
  for (const [, rowNumber, body] of xml.matchAll(/<row r="(\d+)">(.*?)<\/row>/g)) {
    const row: (string | number | null)[] = [];
    for (const [, col, inner] of body!.matchAll(/<c r="([A-Z]+)\d+"[^>]*>(.*?)<\/c>/g)) {
      const index = [...col!].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
      while (row.length < index) row.push(null);
      const text = /<t[^>]*>(.*?)<\/t>/.exec(inner!);
      row.push(text ? unescape(text[1]!) : Number(/<v>(.*?)<\/v>/.exec(inner!)![1]));
    }
    rows[Number(rowNumber) - 1] = row;
  }
  return { sheetName, rows };
}
