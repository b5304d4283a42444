import { z } from 'zod';

export { PassType } from './pass-type';

/** Gate direction (the spec's `pass`/`state`): 1 entering (returning home), 2 leaving. */
export const ZDirection = z.coerce.number({ error: '通行方向不正确' }).int().refine((v) => v === 1 || v === 2, '通行方向不正确');

/** What the pass page shows (spec §3 "Pass view"). */
export const ZPassView = z.object({
  ptype: z.number().int(),
  /**
   * With ptype -1: staff revoked the approved pass (撤销), rather than nothing being registered or
   * a registration sent back. Not in the spec (whose -1 covers all three); false otherwise.
   */
  revoked: z.boolean(),
  pass: z.number().int(),
  owner: z.string(),
  name: z.string(),
  communityInfo: z.object({ community: z.string() }),
  /** Unix seconds of the last review (approval) of the registration. */
  uptime: z.number().int(),
  /** YYYY-MM-DD for tenants and visitors, '' otherwise. */
  expire_time: z.string(),
  /** Days since returning to Beijing, for ptype -3. */
  backDay: z.number().int().nullable(),
  poiId: z.string(),
  openId: z.string(),
  /**
   * The current rotating code, only when the pass is usable (ptype 1 or -3). Each is single use;
   * a new one comes every 30 s (rotating-code.ts).
   */
  code: z.string(),
  /** Unix seconds when `code` stops working; a client that cannot make codes fetches the pass again before. */
  codeExpires: z.number().int(),
  /** The address the QR encodes: /xxdetail?poiId&openId&code&pass for the duty staff's scanner. */
  qr: z.string(),
  /**
   * What the phone needs to make the next codes itself, also offline until `until` (null when
   * the pass is not usable): the pass id, and the numbers of the phones' signing keys the server
   * knows for it (`kids`; a phone whose key is not among them registers a new one with
   * POST /v1/userCard/passKey or /v1/visits/passKey). The private key never leaves the phone.
   */
  codeKey: z.object({ id: z.string(), until: z.number().int(), kids: z.array(z.number().int()) }).nullable(),
  /** The server's clock (unix ms) when this was made: the page counts steps on it, not on the phone's. */
  serverTime: z.number().int(),
});
export type PassView = z.infer<typeof ZPassView>;
