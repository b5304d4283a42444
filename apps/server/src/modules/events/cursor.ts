import { EventMsg } from '@sq/contract/events/event-rules';
import { badRequest } from '../../lib/errors';

/**
 * Where a list's page ended, as the client holds it: opaque base64url of the phase (`u` upcoming
 * soonest first, `w` this week, `p` ended latest first), the last row's sort keys (unix
 * milliseconds: events' times are whole seconds the app wrote, so no precision is lost) and its id.
 * Anything that does not decode to that is 400, never a 500 from a bad cast.
 */
export type Phase = 'u' | 'w' | 'p';
export interface EventCursor {
  phase: Phase;
  keys: number[];
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MS = /^\d{1,15}$/;
/** Keys each phase sorts by: upcoming and week by start; ended by end, then start. */
const KEYS: Record<Phase, number> = { u: 1, w: 1, p: 2 };

export const encodeCursor = (c: EventCursor) => Buffer.from(`${c.phase}|${c.keys.join(',')}|${c.id}`).toString('base64url');

export function decodeCursor(cursor: string | undefined): EventCursor | null {
  if (!cursor) return null;
  const [phase, keys, id, extra] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const parts = keys?.split(',') ?? [];
  if (extra !== undefined || !id || !UUID.test(id) || !(phase === 'u' || phase === 'w' || phase === 'p') || parts.length !== KEYS[phase] || !parts.every((k) => MS.test(k))) {
    throw badRequest(EventMsg.cursor);
  }
  return { phase, keys: parts.map(Number), id };
}
