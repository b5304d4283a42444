import { IMPORT_MAX_UNPACKED_BYTES } from '@sq/contract/manage/sheet-import';
import { badRequest } from '../errors';
import { readFirstSheet, SheetError, type CellValue } from './read-sheet';

/** The messages an import answers its file's problems with (each import says what it holds). */
export interface ImportSheetMessages {
  notXlsx: string;
  tooLarge: string;
  /** A small file that unpacks past IMPORT_MAX_UNPACKED_BYTES (a zip bomb, or a workbook full of other things). */
  contentTooLarge: string;
  tooManyRows: string;
  formula: string;
  header: string;
  empty: string;
}

/** A filled row of the sheet with its number as the spreadsheet shows it (the header is row 1). */
export interface SheetRow {
  row: number;
  cells: CellValue[];
}

/**
 * Reads an import's file: refused with the import's own message when it is not an .xlsx, too
 * large (the file, or what it unpacks to), has too many rows, holds formulas, has another header
 * (each cell must start like the template's; a manager may change the note in brackets) or no
 * data. Empty rows are skipped, numbering kept.
 */
export async function readImportSheet(
  file: Buffer | undefined,
  limits: { maxBytes: number; maxRows: number; header: readonly string[] },
  msg: ImportSheetMessages,
): Promise<SheetRow[]> {
  return (await readImportSheetOf(file, { ...limits, headers: { only: limits.header } }, msg)).rows;
}

/**
 * As readImportSheet, for an import that takes more than one layout (a template changed over
 * time): the first header of `headers` the sheet's matches names the layout.
 */
export async function readImportSheetOf<L extends string>(
  file: Buffer | undefined,
  limits: { maxBytes: number; maxRows: number; headers: Record<L, readonly string[]> },
  msg: ImportSheetMessages,
): Promise<{ layout: L; rows: SheetRow[] }> {
  if (!file?.length) throw badRequest(msg.notXlsx);
  if (file.length > limits.maxBytes) throw badRequest(msg.tooLarge);
  let sheet: CellValue[][];
  try {
    sheet = await readFirstSheet(file, { maxRows: limits.maxRows, maxUnpackedBytes: IMPORT_MAX_UNPACKED_BYTES });
  } catch (e) {
    if (!(e instanceof SheetError)) throw e;
    if (e.reason === 'formula') throw badRequest(`第${e.row}行：${msg.formula}`);
    throw badRequest(msg[e.reason]);
  }
  const header = (sheet[0] ?? []).map((c) => String(c ?? '').trim());
  const matches = (expected: readonly string[]) => expected.map((h) => h.replace(/（.*$/, '')).every((stem, i) => header[i]?.startsWith(stem));
  const layout = (Object.keys(limits.headers) as L[]).find((l) => matches(limits.headers[l]));
  if (layout === undefined) throw badRequest(msg.header);
  const rows: SheetRow[] = [];
  sheet.slice(1).forEach((cells, i) => {
    if (cells.some((c) => c !== null && c !== '')) rows.push({ row: i + 2, cells });
  });
  if (rows.length === 0) throw badRequest(msg.empty);
  return { layout, rows };
}
