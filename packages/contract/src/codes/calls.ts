import { callOf } from '../endpoint';
import type { getHolderKey, registerHolderKey } from './holder-keys';

/** The holder codes' calls, free of zod: the phone registers its key's public half (the private half stays on it). */
export const registerHolderKeyCall = callOf<typeof registerHolderKey>('POST', '/v1/holderKeys');
export const getHolderKeyCall = callOf<typeof getHolderKey>('GET', '/v1/holderKeys/:kid');
