import { callOf } from '../endpoint';
import type { registerVisitorKey } from '../visits/visitor-pass';
import type { registerPassKey } from './register-pass-key';

/*
 * The phones' key registrations, in a module free of zod (each endpoint's module re-exports its
 * own): the code maker on the pass page imports them, and the endpoints' modules keep chained
 * schema builders that would bring zod – and the visitor's contracts – into the pass's first QR.
 */
export const registerPassKeyCall = callOf<typeof registerPassKey>('POST', '/v1/userCard/passKey');
export const registerVisitorKeyCall = callOf<typeof registerVisitorKey>('POST', '/v1/visits/passKey');
