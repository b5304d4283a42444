import { callOf } from '../endpoint';
import type { getEarnings, getEarningsStatement, listMyLeaderships } from './earnings';

/** 团长收益's calls, free of zod. */
export const getEarningsCall = callOf<typeof getEarnings>('GET', '/v1/leaders/:id/earnings');
export const getEarningsStatementCall = callOf<typeof getEarningsStatement>('GET', '/v1/leaders/:id/statement');
export const listMyLeadershipsCall = callOf<typeof listMyLeaderships>('GET', '/v1/leaders/mine');
