import { zipSync } from 'fflate';
import { unzipBounded, UnzipError } from './bounded-unzip';

/** What a spreadsheet cell holds once read: text, a number, or nothing. */
export type CellValue = string | number | null;

export class SheetError extends Error {
  constructor(readonly reason: 'notXlsx' | 'formula' | 'tooManyRows' | 'contentTooLarge', readonly row?: number) {
    super(reason);
  }
}

/** A workbook has a few dozen parts; thousands are no spreadsheet a manager keeps. */
const MAX_PARTS = 2_000;

/**
 * The workbook's parts unpacked with a running byte cap (./bounded-unzip): a zip bomb, whatever
 * sizes it states, is refused after `maxUnpackedBytes`, and anything that is not an OOXML
 * workbook before exceljs sees it. exceljs then gets exactly these bytes, stored uncompressed,
 * so it cannot unpack more than was counted.
 */
async function boundedPackage(file: Buffer, maxUnpackedBytes: number): Promise<Buffer> {
  if (file.length < 4 || file.readUInt32LE(0) !== 0x04034b50) throw new SheetError('notXlsx');
  let parts: Map<string, Uint8Array>;
  try {
    parts = await unzipBounded(file, { maxBytes: maxUnpackedBytes, maxEntries: MAX_PARTS });
  } catch (e) {
    if (!(e instanceof UnzipError)) throw e;
    throw new SheetError(e.reason === 'tooLarge' ? 'contentTooLarge' : 'notXlsx');
  }
  if (!parts.has('xl/workbook.xml')) throw new SheetError('notXlsx');
  const stored = zipSync(Object.fromEntries(parts), { level: 0 });
  return Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength);
}

function plain(value: unknown): CellValue | { formula: true } {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if ('formula' in v || 'sharedFormula' in v) return { formula: true };
    if (Array.isArray(v.richText)) return (v.richText as { text: string }[]).map((r) => r.text).join('');
    if (typeof v.text === 'string') return v.text;
    if ('error' in v) return null;
  }
  return null;
}

/**
 * The first sheet's rows as plain values (row 1 first; empty rows kept as empty arrays so row
 * numbers stay the spreadsheet's). Formulas are refused: their cached result may be stale or
 * absent, and an import must write what the manager sees. exceljs is loaded on first use only.
 */
export async function readFirstSheet(file: Buffer, limits: { maxRows: number; maxUnpackedBytes: number }): Promise<CellValue[][]> {
  const unpacked = await boundedPackage(file, limits.maxUnpackedBytes);
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(unpacked as unknown as ArrayBuffer);
  } catch {
    throw new SheetError('notXlsx');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  if (sheet.actualRowCount > limits.maxRows + 1) throw new SheetError('tooManyRows');
  const rows: CellValue[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: CellValue[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      const v = plain(cell.value);
      if (v !== null && typeof v === 'object') throw new SheetError('formula', rowNumber);
      cells[col - 1] = typeof v === 'string' ? v.trim() || null : v;
    });
    rows[rowNumber - 1] = Array.from(cells, (c) => c ?? null);
  });
  return Array.from(rows, (r) => r ?? []);
}

/** A small workbook (a template, a result) as an .xlsx buffer, written by exceljs. */
export async function writeWorkbook(build: (workbook: import('exceljs').Workbook) => void): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'sq';
  build(workbook);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
