import { z } from 'zod';

/**
 * Exports are form posts (spec §7) to the list endpoints with `?export=1`: the same filters as
 * the list, answered with an .xlsx file. `whole=1` asks for whole mobiles and ID numbers, which
 * only administrators and managers get; every export is audited.
 */
export const ZExportQuery = z.object({ export: z.enum(['0', '1']).optional() });
export const ZExportFields = { whole: z.enum(['0', '1']).optional() };
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
