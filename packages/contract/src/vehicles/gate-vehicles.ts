import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';
import { ZPoiId } from '../poi-id';
import { PlateMsg } from './plate-rules';

export const MSG_DIRECTION = '请选择驶入或驶出';

/** Whose car it is, as the duty staff need it at the gate: no whole mobile or document number. */
export const ZVehicleOwner = z.object({
  _id: z.string(),
  name: z.string(),
  owner: z.string(),
  address: z.string(),
  No: z.string(),
  mobile: z.string(),
  /** Registration status (0 pending, 1 approved, -1 sent back). */
  status: z.number().int(),
  /** Whether the registration's pass lets them in today (approved and not expired). */
  usable: z.boolean(),
});

/** 车辆进出: staff look a plate up in their community. */
export const searchVehicle = defineEndpoint({
  method: 'POST',
  path: '/v1/manage/vehicles/search',
  summary: '按车牌查找本社区登记的车辆',
  body: z.object({ poiId: ZPoiId, plate: z.string({ error: PlateMsg.missing }) }),
  data: z.object({ plate: z.string(), vehicle: ZVehicleOwner.nullable() }),
});
export const searchVehicleCall = callOf<typeof searchVehicle>('POST', '/v1/manage/vehicles/search');

/**
 * Records a vehicle entering (1) or leaving (2) in 出入记录: linked to its registration when the
 * plate is registered here, as 未登记车辆 otherwise.
 */
export const logVehicle = defineEndpoint({
  method: 'POST',
  path: '/v1/manage/vehicles/log',
  summary: '记录车辆驶入或驶出',
  body: z.object({
    poiId: ZPoiId,
    plate: z.string({ error: PlateMsg.missing }),
    pass: z.coerce.number({ error: MSG_DIRECTION }).int(MSG_DIRECTION).min(1, MSG_DIRECTION).max(2, MSG_DIRECTION),
  }),
  data: z.object({ _id: z.string(), name: z.string(), plate: z.string(), pass: z.number().int(), created_at: z.number().int() }),
});
export const logVehicleCall = callOf<typeof logVehicle>('POST', '/v1/manage/vehicles/log');
