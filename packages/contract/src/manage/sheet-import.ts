import { z } from 'zod';

/**
 * What every spreadsheet import (房屋登记, 住户名单) shares: a preview lists every bad row with its
 * column and why before anything is written; then all rows, only the good ones, or none.
 */
export const ZImportProblem = z.object({
  /** The row as the spreadsheet numbers it (the header is row 1). */
  row: z.number().int(),
  /** The column's header text. */
  column: z.string(),
  message: z.string(),
});
export type ImportProblem = z.infer<typeof ZImportProblem>;

export const ZImportQuery = /*#__PURE__*/ z.object({
  commit: z.enum(['0', '1'], { error: '参数不正确' }).default('0'),
  skipBad: z.enum(['0', '1'], { error: '参数不正确' }).default('0'),
});
