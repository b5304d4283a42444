import { createCipheriv, createDecipheriv, createHmac, hash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Personal information (ID numbers, mobiles) is stored as AES-256-GCM ciphertext, with an HMAC of
 * the normalised value beside it so rows can be found and de-duplicated without decrypting
 * (PIPL: encrypted at rest). Both keys derive from one master key so operators manage one secret.
 */
export interface PiiCipher {
  encrypt(plain: string): string;
  decrypt(stored: string): string;
  /** Keyed hash for equality search; never reversible without the key. */
  hash(plain: string): string;
}

const VERSION = 'v1';

export function createPiiCipher(masterKey: Buffer): PiiCipher {
  if (masterKey.length !== 32) throw new Error('master key must be 32 bytes');
  const encKey = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'sq/pii-encrypt', 32));
  const macKey = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'sq/pii-search', 32));
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', encKey, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    decrypt(stored) {
      const [version, iv, tag, body] = stored.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('unreadable ciphertext');
      const decipher = createDecipheriv('aes-256-gcm', encKey, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
    hash(plain) {
      return createHmac('sha256', macKey).update(plain.trim().toUpperCase()).digest('base64url');
    },
  };
}

/** A random opaque token: 256 bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens and one-time codes are stored only as this hash, so a database leak yields no sessions. */
export function sha256(value: string): string {
  // The one-shot form: about a third of createHash's cost, and every authenticated request pays it.
  return hash('sha256', value, 'base64url');
}

/** A public id that says nothing about the database row behind it. */
export function newOpenId(): string {
  return `u_${randomBytes(12).toString('base64url')}`;
}
