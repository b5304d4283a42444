import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { XLSX_TYPE } from '../manage/export';

/**
 * An open owners' vote's list of units and their choices, as owners may inspect (业主有权查阅).
 * Only the community's owners in the register and its staff; not for secret ballots.
 */
export const getPollUnits = defineEndpoint({
  method: 'GET',
  path: '/v1/polls/:id/units',
  summary: '业主表决的每户表决情况（记名表决）',
  query: z.object({ id: z.string().optional() }),
  data: z.object({
    units: z.array(
      z.object({
        label: z.string(),
        area: z.string(),
        /** The option chosen, or null when the unit did not vote. */
        choice: z.string().nullable(),
      }),
    ),
  }),
});
export { getPollUnitsCall } from './calls';

/** The result as .xlsx (form POST with the token, like the staff exports). */
export const exportPoll = defineEndpoint({
  method: 'POST',
  path: '/v1/polls/:id/export',
  summary: '导出投票结果（.xlsx）',
  body: z.object({}),
  data: z.null(),
  download: { types: [XLSX_TYPE], description: 'Excel 文件（附件）：结果，记名的业主表决另有每户表决' },
});
