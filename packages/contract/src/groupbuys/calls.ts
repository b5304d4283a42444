import { callOf } from '../endpoint';
import type { cancelGroupBuy, getGroupBuy, listGroupBuys, listManagedGroupBuys, listMyGroupBuys, listMySellers, publishGroupBuy } from './group-buys';
import type { applyLeader, listLeaderApplications, listMyLeaders, reviewLeader, suspendLeader } from './leaders';

/** 社区团购's calls, free of zod (see polls/calls.ts for why). */
export const applyLeaderCall = callOf<typeof applyLeader>('POST', '/v1/group-leaders');
export const listMyLeadersCall = callOf<typeof listMyLeaders>('GET', '/v1/group-leaders/mine');
export const listLeaderApplicationsCall = callOf<typeof listLeaderApplications>('GET', '/v1/group-leaders');
export const reviewLeaderCall = callOf<typeof reviewLeader>('POST', '/v1/group-leaders/:id/review');
export const suspendLeaderCall = callOf<typeof suspendLeader>('POST', '/v1/group-leaders/:id/suspend');
export const publishGroupBuyCall = callOf<typeof publishGroupBuy>('POST', '/v1/group-buys');
export const listGroupBuysCall = callOf<typeof listGroupBuys>('GET', '/v1/group-buys');
export const getGroupBuyCall = callOf<typeof getGroupBuy>('GET', '/v1/group-buys/:id');
export const cancelGroupBuyCall = callOf<typeof cancelGroupBuy>('POST', '/v1/group-buys/:id/cancel');
export const listMySellersCall = callOf<typeof listMySellers>('GET', '/v1/group-buys/sellers');
export const listMyGroupBuysCall = callOf<typeof listMyGroupBuys>('GET', '/v1/group-buys/mine');
export const listManagedGroupBuysCall = callOf<typeof listManagedGroupBuys>('GET', '/v1/group-buys/manage');
