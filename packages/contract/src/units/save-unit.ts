import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';
import { ZPoiId } from '../rules';
import { UnitMsg, UNIT_OWNERS_MAX } from './unit-rules';

/**
 * Adds a unit (no `_id`) or changes one. The fields are checked by `checkUnit` on the server, the
 * same function the import uses, so the messages match.
 */
export const saveUnit = defineEndpoint({
  method: 'POST',
  path: '/v1/manage/units/save',
  summary: '添加或修改房屋（面积、业主手机号）',
  body: z.object({
    poiId: ZPoiId,
    _id: z.string({ error: UnitMsg.notFound }).trim().max(64, UnitMsg.notFound).optional(),
    building: z.string({ error: UnitMsg.building }).max(100, UnitMsg.buildingLong),
    unit: z.string({ error: UnitMsg.unitLong }).max(100, UnitMsg.unitLong).default(''),
    room: z.string({ error: UnitMsg.room }).max(100, UnitMsg.roomLong),
    area: z.union([z.string().max(20, UnitMsg.area), z.number()], { error: UnitMsg.area }),
    mobiles: z.union([z.string().max(200, UnitMsg.tooManyOwners), // Counted by checkUnit (its message names the limit); this only bounds the body.
      z.array(z.string().max(20, UnitMsg.mobile)).max(4 * UNIT_OWNERS_MAX, UnitMsg.tooManyOwners)], { error: UnitMsg.mobile }).default([]),
  }),
  data: z.object({ _id: z.string() }),
});
export const saveUnitCall = callOf<typeof saveUnit>('POST', '/v1/manage/units/save');
