import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { XLSX_TYPE } from '../manage/export';

export const MSG_EXPORT_FORMAT = '请选择下载格式';

/**
 * A copy of everything 我的信息 shows, with whole numbers (PIPL art. 45), as JSON or .xlsx. A form
 * post (the token in the body) so the browser saves the file; the download is logged.
 */
export const exportMyData = defineEndpoint({
  method: 'POST',
  path: '/v1/mydata/export',
  summary: '下载本人信息副本（JSON 或 Excel）',
  query: z.object({ format: z.enum(['json', 'xlsx'], { error: MSG_EXPORT_FORMAT }) }),
  body: z.object({}),
  data: z.null(),
  download: { types: ['application/json', XLSX_TYPE], description: '本人信息副本（附件）：format=json 为 JSON 文件，format=xlsx 为 Excel 文件（每类信息一个工作表）' },
});
