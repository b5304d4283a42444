import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { base64urlnopad } from '@scure/base';

/**
 * A uuid as 22 base64url characters and back: the codes a phone shows as a QR (event tickets,
 * coupons) carry ids this way, so the QR stays small enough for an old phone's camera.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function uuidToB64(uuid: string): string {
  return base64urlnopad.encode(hexToBytes(uuid.replaceAll('-', '')));
}

/** The uuid of 22 base64url characters, or null for anything else. */
export function b64ToUuid(text: string): string | null {
  try {
    const hex = bytesToHex(base64urlnopad.decode(text));
    if (hex.length !== 32) return null;
    const uuid = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    return UUID.test(uuid) ? uuid : null;
  } catch {
    return null;
  }
}
