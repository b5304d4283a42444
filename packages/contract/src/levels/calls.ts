import { callOf } from '../endpoint';
import type { getMyLevel } from './levels';

/** 会员等级's calls, free of zod. */
export const getMyLevelCall = callOf<typeof getMyLevel>('GET', '/v1/levels/mine');
