import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZPoiId } from '../rules';

/** A phone may keep its own key for a pass on this many phones at once; a new one retires the oldest. */
export const PASS_KEYS_PER_PASS = 3;

export const PassKeyMsg = {
  publicKey: '通行证密钥格式不正确，请刷新页面后重试',
  noPass: '当前没有可用的通行证',
} as const;

/** 32 bytes of an Ed25519 public key, base64url without padding (signed-code.ts). */
export const ZPublicKey = z.string({ error: PassKeyMsg.publicKey }).regex(/^[A-Za-z0-9_-]{43}$/, PassKeyMsg.publicKey);

/**
 * The phone's signing key for the person's own pass (issue 32 item 2): the phone made the key pair
 * and sends only the public half. Answers the key's number, which the phone's codes carry.
 */
export const registerPassKey = defineEndpoint({
  method: 'POST',
  path: '/v1/userCard/passKey',
  summary: '登记本机的通行证签名公钥（私钥只在本机）',
  body: z.object({ poiId: ZPoiId, publicKey: ZPublicKey }),
  data: z.object({ kid: z.number().int() }),
});
export { registerPassKeyCall } from './key-calls';
