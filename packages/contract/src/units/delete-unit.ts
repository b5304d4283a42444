import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';
import { ZPoiId } from '../rules';
import { UnitMsg } from './unit-rules';

/** Removes a unit from the register; votes already announced keep their own copy of it. */
export const deleteUnit = defineEndpoint({
  method: 'POST',
  path: '/v1/manage/units/delete',
  summary: '删除房屋',
  body: z.object({ poiId: ZPoiId, _id: z.string({ error: UnitMsg.notFound }).trim().min(1, UnitMsg.notFound).max(64, UnitMsg.notFound) }),
  data: z.object({ _id: z.string() }),
});
export const deleteUnitCall = callOf<typeof deleteUnit>('POST', '/v1/manage/units/delete');
