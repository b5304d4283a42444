import { callOf } from '../endpoint';
import type { checkPickupCode, collectOrder, getPickupDayList, getPickupKit, listMyPickups, listMySellers, sendOfflinePickups } from './pickup';

/** 提货's calls, free of zod. */
export const listMySellersCall = callOf<typeof listMySellers>('GET', '/v1/sellers/mine');
export const checkPickupCodeCall = callOf<typeof checkPickupCode>('POST', '/v1/sellers/:id/pickup/check');
export const collectOrderCall = callOf<typeof collectOrder>('POST', '/v1/sellers/:id/pickup/collect');
export const getPickupKitCall = callOf<typeof getPickupKit>('GET', '/v1/sellers/:id/pickup/kit');
export const sendOfflinePickupsCall = callOf<typeof sendOfflinePickups>('POST', '/v1/sellers/:id/pickup/offline');
export const getPickupDayListCall = callOf<typeof getPickupDayList>('GET', '/v1/sellers/:id/pickup/list');
export const listMyPickupsCall = callOf<typeof listMyPickups>('GET', '/v1/pickup/mine');
