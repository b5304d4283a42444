import { WebRoute } from '@sq/contract/routes';
import { PASS_CODE_MAX_LENGTH } from '@sq/contract/pass/code-steps';

/** A bare code's characters, as long as a signed code may be. */
const BARE_CODE = new RegExp(`^[A-Za-z0-9._-]{20,${PASS_CODE_MAX_LENGTH}}$`);

/**
 * The pass code in what the camera read: the pass QR encodes the staff detail address
 * (/xxdetail?poiId&openId&code&pass); a bare code is taken as well. Null for anything else (a
 * payment code, a poster's link).
 */
export function passCodeIn(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return BARE_CODE.test(text) ? text : null;
  }
  return url.pathname === WebRoute.registrationDetail ? url.searchParams.get('code') || null : null;
}

/** A code out of view for less than this is the same person still in front of the lens: not sent again. */
export const SAME_CODE_MS = 4000;

/** Remembers recent codes so a QR held in view is checked (and refused) once, however long it is held. */
export function createRecentCodes(now: () => number = () => performance.now()) {
  const seen = new Map<string, number>();
  return {
    /** True when the code was not seen in the last SAME_CODE_MS; each sighting restarts its time. */
    isNew(code: string): boolean {
      const t = now();
      for (const [c, at] of seen) if (t - at > SAME_CODE_MS) seen.delete(c);
      const isNew = !seen.has(code);
      seen.set(code, t);
      return isNew;
    },
  };
}
