import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZPublicKey } from '../pass/register-pass-key';

/** A person may keep codes on this many phones at once; a new key retires the oldest. */
export const HOLDER_KEYS_PER_USER = 3;

/**
 * The phone's signing key for the codes it shows at a counter (codes/holder-code.ts): the phone
 * made the key pair and sends only the public half. Answers the key's number, which its codes carry.
 */
export const registerHolderKey = defineEndpoint({
  method: 'POST',
  path: '/v1/holderKeys',
  summary: '登记本机的出示码签名公钥（私钥只在本机）',
  body: z.object({ publicKey: ZPublicKey }),
  data: z.object({ kid: z.number().int() }),
});

/**
 * Whether this phone's key still signs: a key is retired when the person registers a fourth phone
 * (or more). A phone that finds its key retired registers a new one before showing a code, so a
 * person back on an old phone is not turned away at the counter with codes that can never pass.
 */
export const getHolderKey = defineEndpoint({
  method: 'GET',
  path: '/v1/holderKeys/:kid',
  summary: '本机出示码签名公钥是否仍有效',
  data: z.object({ active: z.boolean() }),
});
