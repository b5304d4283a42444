import type { Writable } from 'node:stream';
import { DATE_FORMAT, DATE_TIME_FORMAT } from './cells';

export interface SheetColumn {
  header: string;
  width: number;
  /** Date cells (see ./cells): Excel's date filters and sorting work on them, unlike text. */
  format?: 'dateTime' | 'date';
}

/** What a cell of an export holds; a Date is written as a date cell in its column's format. */
export type SheetCell = string | number | Date | null;

/** The download was cancelled or the connection dropped: the rest of the file has nowhere to go. */
export class ClientGoneError extends Error {
  constructor() {
    super('the client closed the connection before the file was complete');
  }
}

/** `event` on `out`, or ClientGoneError if it closes first (a plain wait would never end). */
function until(out: Writable, event: 'drain' | 'finish', closed: () => boolean): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (closed()) return reject(new ClientGoneError());
    const settle = (err?: Error) => {
      out.off(event, onEvent);
      out.off('close', onClose);
      out.off('error', onClose);
      if (err) reject(err);
      else resolve();
    };
    const onEvent = () => settle();
    const onClose = () => settle(new ClientGoneError());
    out.once(event, onEvent);
    out.once('close', onClose);
    out.once('error', onClose);
  });
}

type WorkbookWriterClass = typeof import('exceljs').stream.xlsx.WorkbookWriter;
let writer: Promise<WorkbookWriterClass> | undefined;

/**
 * exceljs's streaming writer alone (exceljs is pinned): the whole package takes ~150 ms of
 * blocked event loop and ~30 MB to load, the writer ~50 ms and ~18 MB. Loaded once, by
 * `preloadXlsxWriter` after the server listens, so the first export does not stall the gate
 * (bench/export: a load during an export held the gate's polls 250 ms).
 */
function loadWriter(): Promise<WorkbookWriterClass> {
  // The module has no typings of its own: it is the class exceljs exports as stream.xlsx.WorkbookWriter.
  const path: string = 'exceljs/lib/stream/xlsx/workbook-writer.js';
  writer ??= (import(path) as Promise<{ default: WorkbookWriterClass }>).then((m) => m.default);
  return writer;
}

export function preloadXlsxWriter(): void {
  loadWriter().catch(() => (writer = undefined));
}

/**
 * Writes a one-sheet .xlsx to a stream row by row with exceljs's streaming writer: each row is
 * committed (turned into XML and forgotten) as it comes and deflated by zlib off the event loop,
 * so an export of any size holds only the current batch. Strings are inline (no shared-string
 * table growing with the file), and a string that looks like a formula stays a string.
 * `addRows` waits while the output is congested (back-pressure), which also yields the event loop
 * to other requests. exceljs is loaded on the first export, not at start-up.
 */
export async function createXlsxStream(out: Writable, sheetName: string, columns: readonly SheetColumn[]) {
  const WorkbookWriter = await loadWriter();
  // A response whose connection dropped says so once, with 'close'; later waits must know.
  let closed = false;
  out.once('close', () => (closed = true));
  const isClosed = () => closed;
  const workbook = new WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = 'sq';
  // Sheet names: at most 31 characters, none of : \ / ? * [ ].
  const sheet = workbook.addWorksheet(sheetName.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet1', {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = columns.map((c) => ({
    header: c.header,
    width: c.width,
    style: c.format ? { numFmt: c.format === 'date' ? DATE_FORMAT : DATE_TIME_FORMAT } : {},
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();
  let rowCount = 0;

  const drain = async () => {
    if (closed || out.destroyed) throw new ClientGoneError();
    if (out.writableNeedDrain) await until(out, 'drain', isClosed);
    // Always a turn for other requests as well, even when the socket takes the bytes at once.
    await new Promise<void>((resolve) => setImmediate(resolve));
  };

  // The archiver exceljs pipes into `out` (not in its types): unhooked and stopped when the
  // download is gone, so nothing more is deflated for nobody.
  const zip = (workbook as unknown as { zip: { unpipe(s: Writable): void; abort(): void } }).zip;
  const abandon = () => {
    zip.unpipe(out);
    zip.abort();
  };

  return {
    async addRows(rows: readonly (readonly SheetCell[])[]) {
      for (const cells of rows) {
        // '' and null are empty cells, as a person typing the sheet would leave them.
        sheet.addRow(cells.map((v) => (v === '' ? null : v))).commit();
        rowCount++;
      }
      try {
        await drain();
      } catch (e) {
        abandon();
        throw e;
      }
    },
    get rowCount() {
      return rowCount;
    },
    async finish() {
      if (closed) {
        abandon();
        throw new ClientGoneError();
      }
      const finished = until(out, 'finish', () => closed && !out.writableFinished);
      sheet.commit();
      await Promise.all([workbook.commit(), finished]).catch((e: unknown) => {
        abandon();
        throw e;
      });
    },
  };
}
