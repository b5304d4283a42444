import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';
import { ZPoiId } from '../rules';
import { VisitMsg } from '../visits/visit-window';

/** Why a pass on the ended list no longer opens, as the offline scanner says it. */
export const ENDED_MESSAGE = { returned: '该通行证已被退回或撤销', expired: '该通行证已过期', cancelled: VisitMsg.cancelled } as const;

/**
 * What the duty staff's scanner keeps to check passes with no signal (not in the spec; issue 13
 * item 2): the community's pass-code keys, every pass usable today (id, name, type, last day),
 * and the passes that ended in the last 30 days with why. Staff of the community only; the
 * scanner shows its `version` and age.
 */
export const getOfflineKit = defineEndpoint({
  method: 'GET',
  path: '/v1/gate/offlineKit',
  summary: '离线核验数据（密钥、通行证名单、已失效名单）',
  query: z.object({ poiId: ZPoiId }),
  data: z.object({
    poiId: z.string(),
    community: z.string(),
    /** Unix ms: the scanner counts code steps on the server's clock. */
    serverTime: z.number().int(),
    /** Changes whenever a pass or a key changes (the newest change, unix ms, and the key versions). */
    version: z.string(),
    /** The community's usable key versions, hex. */
    keys: z.array(z.object({ v: z.number().int(), key: z.string() })),
    passes: z.array(
      z.object({
        /** The pass id codes carry. */
        id: z.string(),
        name: z.string(),
        owner: z.string(),
        /** Last valid day (YYYY-MM-DD, Beijing) for tenants and visitors; null: no end. */
        until: z.string().nullable(),
        /**
         * An invited visitor's invitation (unix seconds; entries used when the kit was made): the
         * scanner checks it with visitRefusal as the gate does.
         */
        visit: z.object({ start: z.number().int(), end: z.number().int(), entries: z.number().int(), entriesUsed: z.number().int() }).optional(),
      }),
    ),
    ended: z.array(z.object({ id: z.string(), name: z.string(), why: z.enum(['returned', 'expired', 'cancelled']) })),
  }),
});
export const getOfflineKitCall = callOf<typeof getOfflineKit>('GET', '/v1/gate/offlineKit');
export type OfflineKit = z.infer<typeof getOfflineKit.data>;
