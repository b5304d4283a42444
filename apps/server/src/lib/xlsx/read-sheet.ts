import { unzipSync } from 'fflate';

/** What a spreadsheet cell holds once read: text, a number, or nothing. */
export type CellValue = string | number | null;

export class SheetError extends Error {
  constructor(readonly reason: 'notXlsx' | 'formula' | 'tooLarge', readonly row?: number) {
    super(reason);
  }
}

/** An .xlsx whose parts unpack to more than this is not a register but a zip bomb. */
const MAX_UNPACKED_BYTES = 64 * 1024 * 1024;
const MAX_PARTS = 2_000;

/**
 * Looks inside the zip without unpacking it (fflate's filter sees each entry's sizes first):
 * anything that is not an OOXML workbook, or unpacks too large, is refused before exceljs reads it.
 */
function checkPackage(file: Buffer) {
  if (file.length < 4 || file.readUInt32LE(0) !== 0x04034b50) throw new SheetError('notXlsx');
  let unpacked = 0;
  let parts = 0;
  let workbook = false;
  try {
    unzipSync(file, {
      filter: (entry) => {
        parts++;
        unpacked += entry.originalSize;
        if (entry.name === 'xl/workbook.xml') workbook = true;
        return false;
      },
    });
  } catch {
    throw new SheetError('notXlsx');
  }
  if (!workbook) throw new SheetError('notXlsx');
  if (unpacked > MAX_UNPACKED_BYTES || parts > MAX_PARTS) throw new SheetError('tooLarge');
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
export async function readFirstSheet(file: Buffer, maxRows: number): Promise<CellValue[][]> {
  checkPackage(file);
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
  } catch {
    throw new SheetError('notXlsx');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  if (sheet.actualRowCount > maxRows + 1) throw new SheetError('tooLarge');
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
