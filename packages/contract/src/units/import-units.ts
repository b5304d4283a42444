import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';
import { XLSX_TYPE } from '../manage/export';
import { MSG_IMPORT_CONTENT_TOO_LARGE, ZImportProblem, ZImportQuery } from '../manage/sheet-import';
import { ZPoiId } from '../rules';

/** The largest register file taken (a few thousand rows are ~200 KB). */
export const UNIT_IMPORT_MAX_BYTES = 2 * 1024 * 1024;

export const ImportMsg = {
  notXlsx: '请上传 .xlsx 格式的房屋登记表（可先下载模板）',
  tooLarge: '文件太大，请拆分后分批导入（每个文件不超过2MB）',
  contentTooLarge: MSG_IMPORT_CONTENT_TOO_LARGE,
  header: '表头与模板不一致，请使用下载的模板填写',
  empty: '表格中没有房屋数据',
  tooManyRows: '行数太多，请拆分后分批导入（每次最多10000行）',
  formula: '单元格不能含公式，请复制后“粘贴为数值”',
  badRowsLeft: '表格中有错误的行，请改正后重新上传，或选择只导入正确的行',
} as const;


/**
 * 导入房屋登记: the body is the .xlsx file itself, in the template's layout (one row per owner, the
 * rows of one home adjacent) or the one before persons (one row per home), told apart by header. `commit=0` checks it and writes nothing;
 * `commit=1` writes all rows in one transaction, or, with bad rows present, only the good ones
 * when `skipBad=1` and nothing otherwise. A unit already registered (same 楼栋/单元/房号) is
 * updated, so importing the same file again adds nothing.
 */
export const importUnits = defineEndpoint({
  method: 'POST',
  path: '/v1/manage/units/import',
  summary: '导入房屋登记表（.xlsx，先预览后写入）',
  query: ZImportQuery.extend({ poiId: ZPoiId }),
  upload: {
    types: [XLSX_TYPE, 'application/octet-stream'],
    description:
      `按模板填写的房屋登记表（.xlsx 文件本身，不超过${UNIT_IMPORT_MAX_BYTES / 1024 / 1024}MB）。` +
      '模板每位业主一行：楼栋、单元、房号、专有部分面积、面积来源（登记/实测/合同）、不动产权证号、业主姓名、业主手机号、开发建设单位（是/否）；' +
      '同一房屋的共有人填在相邻的行，面积等房屋信息填在其第一行。旧模板（楼栋、单元、房号、面积、业主手机号，多个手机号用逗号分隔）按表头识别，照旧导入。',
  },
  data: z.object({
    rows: z.number().int(),
    good: z.number().int(),
    problems: z.array(ZImportProblem),
    /** Homes in the good rows (added, issue 37: a home with co-owners takes one row per owner). */
    homes: z.number().int(),
    /** Rows written (new units and changed ones); 0 for a preview. */
    created: z.number().int(),
    updated: z.number().int(),
    written: z.boolean(),
  }),
});
export const importUnitsCall = callOf<typeof importUnits>('POST', '/v1/manage/units/import');

/** Where the template downloads from (a plain link on the page). */
export const UNITS_TEMPLATE_PATH = '/v1/manage/units/template';

/** The template: its header, example rows, and a sheet of how to fill each column. */
export const unitsTemplate = defineEndpoint({
  method: 'GET',
  path: UNITS_TEMPLATE_PATH,
  summary: '下载房屋登记导入模板（.xlsx）',
  data: z.null(),
  download: { types: [XLSX_TYPE], description: 'Excel 模板（附件）：表头（每位业主一行）、示例行（两位共有人的一户、开发建设单位未售的一户）和“填写说明”工作表' },
});
