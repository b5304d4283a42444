import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';
import { ZPoiId } from '../rules';
import { ZCodeState } from './check-code-info';
import { PASS_CODE_MAX_LENGTH } from './code-steps';

/**
 * The push channel beside the 2-second poll (DESIGN.md §6): a server-sent event stream that
 * sends the code's state at once and again whenever it changes, then ends once the code was
 * used, sent back or expired. Send the token in the `token` header (fetch, not EventSource).
 * Each event is `event: codeInfo` with `data:` the same JSON as checkCodeInfo's `data`.
 */
export const codeEvents = defineEndpoint({
  method: 'GET',
  path: '/v1/userCard/codeEvents',
  summary: '通行码状态推送（text/event-stream）',
  query: z.object({ poiId: ZPoiId, code: z.string({ error: '通行码无效' }).trim().min(1, '通行码无效').max(PASS_CODE_MAX_LENGTH, '通行码无效') }),
  data: ZCodeState,
});
export const codeEventsCall = callOf<typeof codeEvents>('GET', '/v1/userCard/codeEvents');
