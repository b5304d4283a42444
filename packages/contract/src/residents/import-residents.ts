import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';
import { XLSX_TYPE } from '../manage/export';
import { MSG_IMPORT_CONTENT_TOO_LARGE, ZImportProblem, ZImportQuery } from '../manage/sheet-import';
import { ZPoiId } from '../rules';

/**
 * 导入住户: a community's residents from the spreadsheet the property office already keeps. Each
 * row becomes an approved registration as if staff had entered it (登记 with `import=1`): the
 * person claims it at their first login with that mobile and is shown the privacy notice then.
 */

/** The largest file taken (10,000 rows of ten columns are ~600 KB). */
export const RESIDENT_IMPORT_MAX_BYTES = 4 * 1024 * 1024;
export const RESIDENT_IMPORT_MAX_ROWS = 10_000;

/** The template's header; a manager may change the note in brackets. */
export const RESIDENT_IMPORT_HEADER = [
  '姓名',
  '手机号',
  '证件类型（不填为居民身份证）',
  '证件号码',
  '国籍（护照填写）',
  '身份（业主/租户/公司）',
  '地址',
  '楼号',
  '租赁截止日期（租户填写）',
  '公司名称（公司填写）',
] as const;
/** The registration field each column fills (registration-rules' RegistrationInput keys). */
export const RESIDENT_IMPORT_FIELDS = ['name', 'mobile', 'cardType', 'card', 'nationality', 'owner', 'address', 'No', 'expire_time', 'company'] as const;

/** Residents only: a visitor's pass lasts two days and is asked for at the gate, not imported. */
export const RESIDENT_OWNERS = ['业主', '租户', '公司'] as const;

export const ResidentImportMsg = {
  notXlsx: '请上传 .xlsx 格式的住户名单（可先下载模板）',
  tooLarge: '文件太大，请拆分后分批导入（每个文件不超过4MB）',
  contentTooLarge: MSG_IMPORT_CONTENT_TOO_LARGE,
  header: '表头与模板不一致，请使用下载的模板填写',
  empty: '表格中没有住户数据',
  tooManyRows: `行数太多，请拆分后分批导入（每次最多${RESIDENT_IMPORT_MAX_ROWS}行）`,
  formula: '单元格不能含公式，请复制后“粘贴为数值”',
  badRowsLeft: '表格中有错误的行，请改正后重新上传，或选择只导入正确的行',
  owner: '身份请填写业主、租户或公司',
  nationality: '国籍不正确，请填写国家名称（如“美国”）或两位字母代码（如 US）',
  duplicateInFile: '与文件中前面的行是同一手机号',
  notAllowed: '只有社区管理员或管理人员可以导入住户',
  progressUnknown: '没有找到这次导入的进度',
} as const;

/**
 * The body is the .xlsx file itself. `commit=0` checks it and writes nothing; `commit=1` writes in
 * one transaction all rows, or, with bad rows present, only the good ones when `skipBad=1` and
 * nothing otherwise. A person already registered here (same mobile) is left as they are, so
 * importing the same file again adds nobody. `progress` names this run for `importProgress`.
 */
export const importResidents = defineEndpoint({
  method: 'POST',
  path: '/v1/manage/residents/import',
  summary: '导入住户名单（.xlsx，先预览后写入）',
  query: ZImportQuery.extend({
    poiId: ZPoiId,
    progress: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, { error: '参数不正确' }).optional(),
  }),
  upload: { types: [XLSX_TYPE, 'application/octet-stream'], description: `按模板填写的住户名单（.xlsx 文件本身，不超过${RESIDENT_IMPORT_MAX_BYTES / 1024 / 1024}MB）` },
  data: z.object({
    rows: z.number().int(),
    good: z.number().int(),
    problems: z.array(ZImportProblem),
    /** Good rows whose mobile is already registered in this community: left unchanged. */
    existing: z.number().int(),
    /** Registrations written; 0 for a preview. */
    created: z.number().int(),
    written: z.boolean(),
  }),
});
export const importResidentsCall = callOf<typeof importResidents>('POST', '/v1/manage/residents/import');

export const IMPORT_PHASES = ['reading', 'checking', 'writing', 'done'] as const;

/** How far a running import is (asked every half second by the page while it waits). */
export const importProgress = defineEndpoint({
  method: 'POST',
  path: '/v1/manage/residents/importProgress',
  summary: '住户导入的进度',
  body: z.object({ poiId: ZPoiId, progress: z.string().max(64, { error: '参数不正确' }) }),
  data: z.object({ phase: z.enum(IMPORT_PHASES), done: z.number().int(), total: z.number().int() }),
});
export const importProgressCall = callOf<typeof importProgress>('POST', '/v1/manage/residents/importProgress');

export const RESIDENTS_TEMPLATE_PATH = '/v1/manage/residents/template';

export const residentsTemplate = defineEndpoint({
  method: 'GET',
  path: RESIDENTS_TEMPLATE_PATH,
  summary: '下载住户名单导入模板（.xlsx）',
  data: z.null(),
  download: { types: [XLSX_TYPE], description: 'Excel 模板（附件）：第一个工作表为表头，第二个为各列说明' },
});
