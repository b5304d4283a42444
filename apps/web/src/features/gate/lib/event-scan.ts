import { parseEventCode } from '@sq/contract/events/event-code';
import { WebRoute } from '@sq/contract/routes';

/**
 * The check-in code in what the camera read: the ticket QR encodes the address of /activityticket
 * (so a phone's ordinary camera opens it); a bare code is taken as well. Null for anything else.
 */
export function eventCodeIn(text: string): string | null {
  const trimmed = text.trim();
  if (parseEventCode(trimmed)) return trimmed;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  const code = url.pathname === WebRoute.eventTicket ? url.searchParams.get('code') : null;
  return code && parseEventCode(code) ? code : null;
}

/** A door QR (/activitycheckin): the resident scans it with their own phone, not staff with the scanner. */
export function isDoorUrl(text: string): boolean {
  try {
    return new URL(text).pathname === WebRoute.eventCheckin;
  } catch {
    return false;
  }
}
