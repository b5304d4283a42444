import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';
import { ZPoiId } from '../rules';
import { CERT_NO_MAX, PERSON_NAME_MAX, UnitMsg, UNIT_OWNERS_MAX } from './unit-rules';

/** An owner of the home as a person: name, mobile (who may vote for the home; may be left out), the developer flag. */
export const ZUnitPersonInput = z.object(
  {
    /** A person of the register already (from the list): an empty `mobile` keeps their mobile. */
    _id: z.string({ error: UnitMsg.personName }).trim().max(64, UnitMsg.personName).optional(),
    name: z.string({ error: UnitMsg.personName }).trim().min(1, UnitMsg.personName).max(PERSON_NAME_MAX, UnitMsg.personName),
    mobile: z.string({ error: UnitMsg.personMobile }).trim().max(20, UnitMsg.personMobile).optional(),
    /** The 开发建设单位 holding the home unsold or undelivered. */
    developer: z.boolean({ error: UnitMsg.personName }).default(false),
  },
  { error: UnitMsg.personName },
);

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
    /**
     * Added (issue 37): the home's owners as persons. When given, they replace the home's owners and
     * their mobiles are the ones that may vote (`mobiles` is then not read); left out, owners are kept.
     */
    persons: z.array(ZUnitPersonInput, { error: UnitMsg.personName }).max(UNIT_OWNERS_MAX, UnitMsg.tooManyOwners).optional(),
    /** Where the area comes from: 1 不动产登记簿, 2 实测, 3 买卖合同 (art. 8's order); 0 clears it. */
    areaSource: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)], { error: UnitMsg.areaSource }).optional(),
    /** 不动产权证号 (encrypted at rest, shown masked); '' clears it, left out keeps it. */
    certNo: z.string({ error: UnitMsg.certNo }).trim().max(CERT_NO_MAX, UnitMsg.certNo).optional(),
  }),
  data: z.object({ _id: z.string() }),
});
export const saveUnitCall = callOf<typeof saveUnit>('POST', '/v1/manage/units/save');
