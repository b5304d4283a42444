import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';
import { ZPoiId } from '../poi-id';
import { PlateMsg } from './plate-rules';

const ZPlates = z.object({
  /** The person's own plates here, whole (they are theirs). */
  plates: z.array(z.string()),
});
const ZPlate = z.string({ error: PlateMsg.missing });

/** 我的车辆: the plates registered with the caller's registration in a community. */
export const listMyPlates = defineEndpoint({
  method: 'POST',
  path: '/v1/userCard/plates',
  summary: '我的车辆（本社区登记的车牌）',
  body: z.object({ poiId: ZPoiId }),
  data: ZPlates,
});
export const listMyPlatesCall = callOf<typeof listMyPlates>('POST', '/v1/userCard/plates');

/** Adds a plate (mainland formats, new-energy ones included) to the caller's registration here. */
export const addMyPlate = defineEndpoint({
  method: 'POST',
  path: '/v1/userCard/plates/add',
  summary: '登记车牌',
  body: z.object({ poiId: ZPoiId, plate: ZPlate }),
  data: ZPlates,
});
export const addMyPlateCall = callOf<typeof addMyPlate>('POST', '/v1/userCard/plates/add');

export const removeMyPlate = defineEndpoint({
  method: 'POST',
  path: '/v1/userCard/plates/remove',
  summary: '删除车牌',
  body: z.object({ poiId: ZPoiId, plate: ZPlate }),
  data: ZPlates,
});
export const removeMyPlateCall = callOf<typeof removeMyPlate>('POST', '/v1/userCard/plates/remove');
