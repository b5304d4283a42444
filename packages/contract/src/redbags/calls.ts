import { callOf } from '../endpoint';
import type { createRedbagCampaign, getRedbag, getRedbagShare, listRedbags, listShopRedbagCampaigns, openRedbag, startRedbag } from './redbags';

/** 红包's calls, free of zod (see polls/calls.ts for why). */
export const createRedbagCampaignCall = callOf<typeof createRedbagCampaign>('POST', '/v1/merchants/:id/redbags');
export const listShopRedbagCampaignsCall = callOf<typeof listShopRedbagCampaigns>('GET', '/v1/merchants/:id/redbags');
export const listRedbagsCall = callOf<typeof listRedbags>('GET', '/v1/redbags');
export const startRedbagCall = callOf<typeof startRedbag>('POST', '/v1/redbags/start');
export const getRedbagCall = callOf<typeof getRedbag>('GET', '/v1/redbags/:id');
export const openRedbagCall = callOf<typeof openRedbag>('POST', '/v1/redbags/:id/open');
export const getRedbagShareCall = callOf<typeof getRedbagShare>('GET', '/v1/redbags/:id/share');
