import { z } from 'zod';
import { isIsoDate } from '../beijing-time';
import { callOf, defineEndpoint } from '../endpoint';
import { ZExportFields, ZExportQuery } from '../manage/export';
import { ZPoiId } from '../rules';

export const ENTRY_LOG_PAGE_SIZE = 20;

export const LogDateMsg = {
  from: '开始日期不正确',
  to: '结束日期不正确',
  order: '开始日期不能晚于结束日期',
} as const;

/** A Beijing calendar day (YYYY-MM-DD), or '' / absent for no bound (a form post sends empty fields). */
const day = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((v) => v === '' || isIsoDate(v), message)
    .optional()
    .transform((v) => v || undefined);

/** 出入记录 (spec §7 POST /v1/userCard/userLog): staff only, newest first, mobile masked. */
export const listEntryLogs = defineEndpoint({
  method: 'POST',
  path: '/v1/userCard/userLog',
  summary: '出入记录',
  body: z
    .object({
      poiId: ZPoiId,
      page: z.coerce.number().int().min(1, '页码不正确').max(10_000, '页码不正确').default(1),
      /** First Beijing day shown (YYYY-MM-DD, inclusive); not in the spec, optional. Also for the export. */
      from: day(LogDateMsg.from),
      /** Last Beijing day shown (inclusive). */
      to: day(LogDateMsg.to),
    })
    .extend(ZExportFields)
    .refine((b) => !b.from || !b.to || b.from <= b.to, { message: LogDateMsg.order, path: ['to'] }),
  query: ZExportQuery,
  data: z.object({
    logs: z.array(
      z.object({
        _id: z.string(),
        name: z.string(),
        mobile: z.string(),
        /** 1 entry, 2 exit. */
        pass: z.number().int(),
        owner: z.string(),
        /** The vehicle's plate (masked) when staff recorded a car; '' for a person's pass. */
        plate: z.string(),
        created_at: z.number().int(),
        /** Checked by a scanner with no signal, sent later (created_at is the scan's time). */
        offline: z.boolean(),
        /** The same pass was already used in this direction and minute: for the managers to look at. */
        conflict: z.boolean(),
        /** A visitor a resident invited (邀请访客), let in with the invitation's pass. */
        invited: z.boolean(),
      }),
    ),
  }),
});
export const listEntryLogsCall = callOf<typeof listEntryLogs>('POST', '/v1/userCard/userLog');
