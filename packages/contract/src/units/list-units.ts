import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';
import { ZPoiId } from '../rules';

export const ZUnitRow = z.object({
  _id: z.string(),
  building: z.string(),
  unit: z.string(),
  room: z.string(),
  label: z.string(),
  /** m² with two decimals, as text so 89.50 keeps its zero. */
  area: z.string(),
  /** Owners' mobiles, masked (the list is on a staff screen); the edit form asks for them anew. */
  owners: z.array(z.string()),
  /** Added (issue 37): the owners as persons – name, masked mobile ('' none), the developer flag. */
  persons: z.array(z.object({ _id: z.string(), name: z.string(), mobile: z.string(), developer: z.boolean() })),
  /** 1 登记, 2 实测, 3 合同; null not recorded. */
  areaSource: z.number().int().nullable(),
  /** 不动产权证号, masked; null not recorded. */
  certNo: z.string().nullable(),
});
export type UnitRow = z.infer<typeof ZUnitRow>;

/** 房屋登记: the community's units, with the totals an owners' vote is measured against. */
export const listUnits = defineEndpoint({
  method: 'POST',
  path: '/v1/manage/units',
  summary: '房屋登记列表（楼栋、单元、房号、专有部分面积、业主手机号）',
  body: z.object({
    poiId: ZPoiId,
    keyword: z.string({ error: '搜索内容不正确' }).trim().max(20, '搜索内容最多20个字').optional(),
    page: z.coerce.number({ error: '页码不正确' }).int('页码不正确').min(1, '页码不正确').max(10_000, '页码不正确').default(1),
  }),
  data: z.object({
    units: z.array(ZUnitRow),
    /** Rows matching the keyword. */
    total: z.number().int(),
    /** The whole register: units, area (m², two decimals) and units with at least one owner's mobile. */
    register: z.object({
      units: z.number().int(),
      area: z.string(),
      withOwners: z.number().int(),
      /** Added (issue 37): owners as 法释〔2009〕7号 art. 9 counts them (packages/contract/src/polls/owners-count.ts). */
      owners: z.number().int(),
    }),
  }),
});
export const listUnitsCall = callOf<typeof listUnits>('POST', '/v1/manage/units');
