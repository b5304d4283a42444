import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';
import { ZPoiId } from '../rules';
import { VisitMsg } from '../visits/visit-window';

/** Why a pass on the ended list no longer opens, as the offline scanner says it. */
export const ENDED_MESSAGE = { returned: '该通行证已被退回或撤销', expired: '该通行证已过期', cancelled: VisitMsg.cancelled } as const;

/** How long a kit proves offline scans: a scan dated outside its kit's validity is not taken. */
export const OFFLINE_KIT_VALID_HOURS = 72;
/** The scanner's word when its kit is past its validity (it checks nothing more until renewed). */
export const MSG_KIT_EXPIRED = '离线核验数据已过期，请联网后更新';
/** A server-made code (the phone had not yet made a key of its own): only the server can check it. */
export const MSG_NEEDS_NETWORK = '该通行码需联网核验，请对方刷新通行证后重新扫码';

/**
 * What the duty staff's scanner keeps to check passes with no signal (not in the spec; issue 13
 * item 2): every pass usable today (id, name, type, last day) with the public halves of its
 * phones' signing keys – public keys only, so a scanner can check a code and never make one
 * (issue 32 item 2) – and the passes that ended in the last 30 days with why. Staff of the
 * community only; the scanner shows its `version` and age, and sends `kitId` with the scans it
 * checked with it.
 */
export const getOfflineKit = defineEndpoint({
  method: 'GET',
  path: '/v1/gate/offlineKit',
  summary: '离线核验数据（通行证名单与其公钥、已失效名单）',
  query: z.object({ poiId: ZPoiId }),
  data: z.object({
    poiId: z.string(),
    community: z.string(),
    /** Unix ms: the scanner counts code steps on the server's clock. */
    serverTime: z.number().int(),
    /** Changes whenever a pass or a key changes. */
    version: z.string(),
    /** This kit, as the scans checked with it name it. */
    kitId: z.string(),
    /** Unix ms after which the kit checks nothing (OFFLINE_KIT_VALID_HOURS after it was made). */
    validUntil: z.number().int(),
    passes: z.array(
      z.object({
        /** The pass id codes carry. */
        id: z.string(),
        /** The public halves of the pass's phones' keys (base64url), by the number codes carry. */
        keys: z.array(z.object({ kid: z.number().int(), publicKey: z.string() })),
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
