import { BoardMsg } from '@sq/contract/board/board-rules';
import type { KeysetCursor } from '../../db/keyset';
import { badRequest } from '../../lib/errors';

/**
 * A page's cursor as the client holds it: opaque (base64url of the last row's timestamp as
 * PostgreSQL's text and its id). Anything that does not decode to that is 400, never a 500 from
 * a bad cast.
 */
const AT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const NUMBER = /^\d{1,18}$/;

export const encodeCursor = (c: KeysetCursor) => Buffer.from(`${c.at}|${c.id}`).toString('base64url');

/** `ids`: 'uuid' for content rows, 'number' for the audit log's serial ids. */
export function decodeCursor(cursor: string | undefined, ids: 'uuid' | 'number' = 'uuid'): KeysetCursor | null {
  if (!cursor) return null;
  const [at, id, extra] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (extra !== undefined || !at || !id || !AT.test(at) || !(ids === 'uuid' ? UUID : NUMBER).test(id)) throw badRequest(BoardMsg.cursor);
  return { at, id };
}

/** The page and the next cursor from `limit + 1` rows. */
export function pageOf<T extends { cursorAt: string; id: string | number }>(rows: T[], limit: number): { rows: T[]; next: string | null } {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { rows: page, next: rows.length > limit && last ? encodeCursor({ at: last.cursorAt, id: String(last.id) }) : null };
}
