import { callOf } from '../endpoint';
import type { addClerk, applyMerchant, editMerchant, getMyShop, getShop, listMerchantReviewLog, listMerchantReviews, listShops, removeClerk, reviewMerchant, suspendMerchant } from './merchants';
import type { listMyShops } from './my-shops';

/** 周边商家's calls, free of zod (see polls/calls.ts for why): the residents' shop pages carry none. */
export const listMyShopsCall = callOf<typeof listMyShops>('GET', '/v1/merchants/mine');
export const applyMerchantCall = callOf<typeof applyMerchant>('POST', '/v1/merchants');
export const editMerchantCall = callOf<typeof editMerchant>('POST', '/v1/merchants/:id/edit');
export const getMyShopCall = callOf<typeof getMyShop>('GET', '/v1/merchants/:id/manage');
export const addClerkCall = callOf<typeof addClerk>('POST', '/v1/merchants/:id/clerks');
export const removeClerkCall = callOf<typeof removeClerk>('POST', '/v1/merchants/:id/clerks/remove');
export const listMerchantReviewsCall = callOf<typeof listMerchantReviews>('GET', '/v1/merchants/reviews');
export const reviewMerchantCall = callOf<typeof reviewMerchant>('POST', '/v1/merchants/:id/review');
export const suspendMerchantCall = callOf<typeof suspendMerchant>('POST', '/v1/merchants/:id/suspend');
export const listMerchantReviewLogCall = callOf<typeof listMerchantReviewLog>('GET', '/v1/merchants/reviews/log');
export const listShopsCall = callOf<typeof listShops>('GET', '/v1/merchants');
export const getShopCall = callOf<typeof getShop>('GET', '/v1/merchants/:id');
