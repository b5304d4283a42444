import { randomBytes } from 'node:crypto';
import { sha256 } from '../../lib/crypto';

/** 128 random bits: unguessable, short enough for a dense-free QR code. */
export const newPassCode = () => randomBytes(16).toString('base64url');
/** Codes are kept only as this hash; the QR on the phone is the one place the code itself exists. */
export const passCodeHash = (code: string) => sha256(`pass:${code}`);
