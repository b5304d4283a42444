import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';
import { ZDirection, ZPassView } from '../pass/pass-view';
import { ZPublicKey } from '../pass/register-pass-key';
import { ZVisitScan } from './invitations';
import { VisitMsg } from './visit-window';

const ZToken = z.string({ error: VisitMsg.linkInvalid }).trim().min(20, VisitMsg.linkInvalid).max(80, VisitMsg.linkInvalid);

/**
 * The invited visitor's pass (/visit?t=…), opened from the SMS link without an account: the link's
 * token is the credential. `userCard` is a pass view like the resident's (owner 访客), with a
 * rotating code only while the invitation lets them through.
 */
export const getVisitorPass = defineEndpoint({
  method: 'GET',
  path: '/v1/visits/pass',
  summary: '受邀访客的通行证（短信链接打开，无需登录）',
  query: z.object({ t: ZToken, pass: /*#__PURE__*/ ZDirection.optional() }),
  data: z.object({
    visit: z.object({
      community: z.string(),
      poiId: z.string(),
      /** The inviting resident, masked (陈*明). */
      inviter: z.string(),
      name: z.string(),
      plate: z.string(),
      start: z.number().int(),
      end: z.number().int(),
      entries: z.number().int(),
      entriesUsed: z.number().int(),
      status: z.enum(['waiting', 'open', 'used', 'ended', 'cancelled']),
      /** The community asks for a document before the pass shows, and none was given yet. */
      needsDocument: z.boolean(),
      /** The latest scan at the gate, for the page to greet the visitor. */
      lastScan: ZVisitScan.nullable(),
    }),
    userCard: ZPassView,
  }),
});
export const getVisitorPassCall = callOf<typeof getVisitorPass>('GET', '/v1/visits/pass');

const loose = (message: string) => z.union([z.string(), z.number()], { error: message }).optional();

/** The visitor gives their document where the community asks for one, agreeing to the notice. */
export const giveVisitorDocument = defineEndpoint({
  method: 'POST',
  path: '/v1/visits/document',
  summary: '受邀访客填写证件',
  body: z.object({
    t: ZToken,
    cardType: loose('请选择证件类型'),
    card: loose('请输入证件号码'),
    nationality: loose('请选择国籍'),
    consent: z.union([z.literal(1), z.literal('1')], { error: VisitMsg.consent }),
  }),
  data: z.object({ ok: z.literal(true) }),
});
export const giveVisitorDocumentCall = callOf<typeof giveVisitorDocument>('POST', '/v1/visits/document');

/** The visitor's phone's signing key for the invitation's pass (as POST /v1/userCard/passKey for residents). */
export const registerVisitorKey = defineEndpoint({
  method: 'POST',
  path: '/v1/visits/passKey',
  summary: '受邀访客登记本机的通行证签名公钥',
  body: z.object({ t: ZToken, publicKey: ZPublicKey }),
  data: z.object({ kid: z.number().int() }),
});
export { registerVisitorKeyCall } from '../pass/key-calls';
