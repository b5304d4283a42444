import { createCipheriv, createDecipheriv, createSign, createVerify, randomBytes, type KeyObject } from 'node:crypto';

/**
 * WeChat Pay API v3's signatures and notice encryption, node:crypto only.
 * https://pay.weixin.qq.com/doc/v3/merchant/4012365336 (签名), 4012365342 (验签), 4012071382 (回调解密)
 */

export const AUTH_SCHEMA = 'WECHATPAY2-SHA256-RSA2048';

/** A 32-character nonce of letters and digits (WeChat's examples' form). */
export const nonceStr = () => randomBytes(24).toString('base64').replace(/[^A-Za-z0-9]/g, '').slice(0, 32).padEnd(32, '0');

/** SHA256 with RSA (PKCS#1 v1.5), base64. */
export function rsaSign(message: string, privateKey: KeyObject | string): string {
  return createSign('RSA-SHA256').update(message, 'utf8').sign(privateKey, 'base64');
}

export function rsaVerify(message: string, signature: string, publicKey: KeyObject | string): boolean {
  try {
    return createVerify('RSA-SHA256').update(message, 'utf8').verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
}

/** The request's signed message: METHOD\nURL(path and query)\nTIMESTAMP\nNONCE\nBODY\n. */
export const requestMessage = (method: string, pathAndQuery: string, timestamp: string, nonce: string, body: string) =>
  `${method}\n${pathAndQuery}\n${timestamp}\n${nonce}\n${body}\n`;

/** The response's or notice's signed message: TIMESTAMP\nNONCE\nBODY\n. */
export const responseMessage = (timestamp: string, nonce: string, body: string) => `${timestamp}\n${nonce}\n${body}\n`;

/** The Authorization header of a merchant's request. */
export function authorization(args: { mchId: string; serialNo: string; privateKey: KeyObject | string; method: string; pathAndQuery: string; body: string; timestamp?: string; nonce?: string }): string {
  const timestamp = args.timestamp ?? String(Math.floor(Date.now() / 1000));
  const nonce = args.nonce ?? nonceStr();
  const signature = rsaSign(requestMessage(args.method, args.pathAndQuery, timestamp, nonce, args.body), args.privateKey);
  return `${AUTH_SCHEMA} mchid="${args.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${args.serialNo}"`;
}

/** The Authorization header's fields (the fake server checks merchants' requests with it). */
export function parseAuthorization(header: string): Record<string, string> | null {
  if (!header.startsWith(`${AUTH_SCHEMA} `)) return null;
  const fields: Record<string, string> = {};
  for (const m of header.slice(AUTH_SCHEMA.length + 1).matchAll(/(\w+)="([^"]*)"/g)) fields[m[1]!] = m[2]!;
  return fields;
}

/** What WeChat Pay signs an answer or a notice with (the Wechatpay-* headers). */
export interface SignedHeaders {
  signature: string;
  timestamp: string;
  nonce: string;
  serial: string;
}

export function signedHeadersOf(headers: Record<string, string | string[] | undefined>): SignedHeaders | null {
  const one = (name: string) => {
    const v = headers[name] ?? headers[name.toLowerCase()];
    return typeof v === 'string' ? v : undefined;
  };
  const signature = one('wechatpay-signature');
  const timestamp = one('wechatpay-timestamp');
  const nonce = one('wechatpay-nonce');
  const serial = one('wechatpay-serial');
  return signature && timestamp && nonce && serial ? { signature, timestamp, nonce, serial } : null;
}

/**
 * Whether an answer or a notice came from WeChat Pay: the key id it names is ours to trust, its
 * timestamp within `maxSkewSeconds` of now (a replayed old notice is refused), and the signature
 * holds over the exact body.
 */
export function verifySigned(
  h: SignedHeaders | null,
  body: string,
  trust: { publicKeyId: string; publicKey: KeyObject | string },
  nowMs: number,
  maxSkewSeconds = 300,
): boolean {
  if (!h) return false;
  // A probe signature WeChat sends to see that signatures are checked: never accepted.
  if (h.signature.startsWith('WECHATPAY/SIGNTEST/')) return false;
  if (h.serial !== trust.publicKeyId) return false;
  const ts = Number(h.timestamp);
  if (!/^\d{1,12}$/.test(h.timestamp) || Math.abs(nowMs / 1000 - ts) > maxSkewSeconds) return false;
  return rsaVerify(responseMessage(h.timestamp, h.nonce, body), h.signature, trust.publicKey);
}

/** A notice's encrypted resource. */
export interface NoticeResource {
  algorithm: string;
  ciphertext: string;
  nonce: string;
  associated_data?: string;
  original_type?: string;
}

/** AEAD_AES_256_GCM with the API v3 key (32 characters): ciphertext base64 = encrypted ‖ 16-byte tag. */
export function decryptResource(resource: NoticeResource, apiV3Key: string): string {
  if (resource.algorithm !== 'AEAD_AES_256_GCM') throw new Error('unknown notice algorithm');
  const key = Buffer.from(apiV3Key, 'utf8');
  if (key.length !== 32) throw new Error('the API v3 key must be 32 bytes');
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length < 17) throw new Error('notice ciphertext too short');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(resource.nonce, 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
}

/** The other way (the fake server encrypts its notices so). */
export function encryptResource(plain: string, apiV3Key: string, associatedData: string, nonce = nonceStr().slice(0, 12)): NoticeResource {
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const enc = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return { algorithm: 'AEAD_AES_256_GCM', ciphertext: enc.toString('base64'), nonce, associated_data: associatedData };
}

/** The JSAPI page's chooseWXPay / WeixinJSBridge getBrandWCPayRequest parameters, signed. */
export function jsapiParams(appId: string, prepayId: string, privateKey: KeyObject | string, timestamp = String(Math.floor(Date.now() / 1000)), nonce = nonceStr()) {
  const pkg = `prepay_id=${prepayId}`;
  return { appId, timeStamp: timestamp, nonceStr: nonce, package: pkg, signType: 'RSA' as const, paySign: rsaSign(`${appId}\n${timestamp}\n${nonce}\n${pkg}\n`, privateKey) };
}

/** The APP SDK's PayReq (the native shells' bridge), signed. */
export function appParams(appId: string, mchId: string, prepayId: string, privateKey: KeyObject | string, timestamp = String(Math.floor(Date.now() / 1000)), nonce = nonceStr()) {
  return {
    appid: appId,
    partnerid: mchId,
    prepayid: prepayId,
    package: 'Sign=WXPay',
    noncestr: nonce,
    timestamp,
    sign: rsaSign(`${appId}\n${timestamp}\n${nonce}\n${prepayId}\n`, privateKey),
  };
}
