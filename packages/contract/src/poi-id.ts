import { z } from 'zod';

/** poiId is the map service's id of a community (AMap POI ids are 10 characters; allow headroom). */
export const ZPoiId = z
  .string({ error: '请选择社区' })
  .trim()
  .min(1, '请选择社区')
  .max(64, '社区编号不正确');
