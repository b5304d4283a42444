import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';
import { ZPoiId } from '../rules';
import { UnitMsg, UNIT_OWNERS_MAX } from './unit-rules';

/**
 * Adds a unit (no `_id`) or changes one; a change without `mobiles` keeps the unit's owners (the
 * list shows them masked, so the form cannot send them back). The fields are checked by `checkUnit` on the server, the
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
    // How many is counted by checkUnit (its message names the limit); these only bound the body.
    mobiles: z
      .union([z.string().max(200, UnitMsg.tooManyOwners), z.array(z.string().max(20, UnitMsg.mobile)).max(4 * UNIT_OWNERS_MAX, UnitMsg.tooManyOwners)], {
        error: UnitMsg.mobile,
      })
      .optional(),
  }),
  data: z.object({ _id: z.string() }),
});
export const saveUnitCall = callOf<typeof saveUnit>('POST', '/v1/manage/units/save');
