import { beijingDateTime } from '@sq/contract/beijing-time';
import { squareMetres } from '@sq/contract/polls/owners-rules';
import { beijingCell, DATE_FORMAT, DATE_TIME_FORMAT, dayCell } from '../../lib/xlsx/cells';
import { writeWorkbook } from '../../lib/xlsx/read-sheet';

/** How a copy writes what is not plain text: times, calendar dates and areas. */
export interface CopyCells<T> {
  time(at: Date): T;
  day(date: string | null): T;
  area(centi: number): T;
}

/** The JSON copy: Beijing time and dates as text, areas as "89.50" (as 我的信息 shows them). */
export const jsonCells: CopyCells<string> = {
  time: beijingDateTime,
  day: (date) => date ?? '',
  area: squareMetres,
};

/** A workbook cell with its number format. */
export interface TypedCell {
  value: Date | number | string;
  numFmt?: string;
}

const AREA_FORMAT = '0.00';

/**
 * The workbook: date cells on Beijing's wall clock (lib/xlsx/cells) and areas as numbers, so a
 * spreadsheet sorts, filters and sums them as it does the staff's exports.
 */
export const sheetCells: CopyCells<TypedCell> = {
  time: (at) => ({ value: beijingCell(at), numFmt: DATE_TIME_FORMAT }),
  day: (date) => {
    const value = dayCell(date);
    return value instanceof Date ? { value, numFmt: DATE_FORMAT } : { value };
  },
  area: (centi) => ({ value: centi / 100, numFmt: AREA_FORMAT }),
};

type Row = Record<string, string | TypedCell>;

/** Wide enough that Excel shows a date and time rather than ####. */
function widthOf(header: string, cells: (string | TypedCell)[]): number {
  const dateTime = cells.some((c) => typeof c === 'object' && c.numFmt === DATE_TIME_FORMAT);
  return Math.max(10, header.length * 2 + 4, dateTime ? 18 : 0);
}

/** A sheet per kind (a record is one row), its keys as the header. */
export function copyWorkbook(copy: Record<string, Row | Row[]>): Promise<Buffer> {
  return writeWorkbook((workbook) => {
    for (const [name, rows] of Object.entries(copy)) {
      const list = Array.isArray(rows) ? rows : [rows];
      const sheet = workbook.addWorksheet(name);
      const header = Object.keys(list[0] ?? {});
      sheet.columns = header.map((h) => ({ header: h, width: widthOf(h, list.map((r) => r[h] ?? '')) }));
      for (const record of list) {
        const cells = header.map((h) => record[h] ?? '');
        // '' is an empty cell, as in the staff's exports (lib/xlsx/xlsx-stream.ts).
        const row = sheet.addRow(cells.map((c) => (typeof c === 'object' ? c.value : c)).map((v) => (v === '' ? null : v)));
        cells.forEach((c, i) => {
          if (typeof c === 'object' && c.numFmt) row.getCell(i + 1).numFmt = c.numFmt;
        });
      }
      if (list.length === 0) sheet.addRow(['（无）']);
    }
  });
}
