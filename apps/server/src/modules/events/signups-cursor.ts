import { EventMsg } from '@sq/contract/events/event-rules';
import type { KeysetCursor } from '../../db/keyset';
import { badRequest } from '../../lib/errors';
import { decodeCursor, encodeCursor } from '../board/cursor';

/**
 * The sign-up lists' opaque cursors: the board's keyset cursor (a row's time as PostgreSQL's
 * text and its id), with a part before it where a list runs in two sections (我的活动: still to
 * come, then ended). Anything else is 400 with the events' words.
 */
export function encodeSignupCursor(c: KeysetCursor, section = 0): string {
  return `${section}.${encodeCursor(c)}`;
}

export function decodeSignupCursor(cursor: string | undefined): (KeysetCursor & { section: number }) | null {
  if (!cursor) return null;
  const m = /^([01])\.([A-Za-z0-9_-]+)$/.exec(cursor);
  if (!m) throw badRequest(EventMsg.cursor);
  try {
    return { ...decodeCursor(m[2])!, section: Number(m[1]) };
  } catch {
    throw badRequest(EventMsg.cursor);
  }
}
