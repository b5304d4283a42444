import ExcelJS from 'exceljs';

/** A cell as a test compares it: text, a number, a date cell, or nothing. */
export type ReadCell = string | number | Date | null;

/**
 * Reads the first sheet of an .xlsx (or the one named) as a spreadsheet program would (exceljs):
 * rows of cell values, date cells as Dates (exceljs reads a serial day as UTC, so a Beijing
 * wall-clock time comes back as that time in UTC – compare with `beijingCell`). Trailing empty
 * cells are dropped. `formats` are the number formats of row 2's date cells.
 */
export async function readXlsx(file: Uint8Array, sheetName?: string): Promise<{ sheetName: string; rows: ReadCell[][]; formats: (string | undefined)[] }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(file) as unknown as ArrayBuffer);
  const sheet = sheetName === undefined ? workbook.worksheets[0]! : workbook.getWorksheet(sheetName)!;
  const rows: ReadCell[][] = [];
  const formats: (string | undefined)[] = [];
  sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const cells: ReadCell[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      const v = cell.value;
      cells[col - 1] = v === undefined || v === null ? null : v instanceof Date || typeof v === 'number' || typeof v === 'string' ? v : String(cell.text);
      if (rowNumber === 2 && v instanceof Date) formats[col - 1] = cell.numFmt;
    });
    while (cells.length && cells[cells.length - 1] == null) cells.pop();
    rows[rowNumber - 1] = Array.from(cells, (c) => c ?? null);
  });
  return { sheetName: sheet.name, rows: Array.from(rows, (r) => r ?? []), formats };
}
