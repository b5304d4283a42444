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

/**
 * What an import's .xlsx may unpack to: the most rows an import takes (10,000 residents of ten
 * columns, a 490 KB file) unpack to ~6 MB, so this leaves room for formatting and other sheets; a
 * file that unpacks further is a zip bomb or no register, refused as soon as the count passes it.
 */
export const IMPORT_MAX_UNPACKED_BYTES = 32 * 1024 * 1024;
/** The answer to such a file: the content is too large, however small the file. */
export const MSG_IMPORT_CONTENT_TOO_LARGE = `文件内容太大（解压后超过${IMPORT_MAX_UNPACKED_BYTES / 1024 / 1024}MB），请删去多余的工作表、图片和格式，或拆分后分批导入`;
