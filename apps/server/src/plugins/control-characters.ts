import type { FastifyInstance } from 'fastify';
import { Msg } from '@sq/contract/messages';
import { badRequest } from '../lib/errors';

// C0 controls other than tab, line feed and carriage return (which text areas legitimately hold).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;
/** Bodies are small (and their depth is bounded by the parser); this only stops runaway input. */
const MAX_DEPTH = 32;

/** True when any string in a parsed body or query (keys too) holds a control character. */
export function hasControl(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return CONTROL.test(value);
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return false;
  // A file's bytes (a photo, a spreadsheet) are not text; walked as an object, a 4 MB photo's
  // four million indices took seconds of the upload (`npm run bench -- photo-upload`).
  if (ArrayBuffer.isView(value)) return false;
  if (Array.isArray(value)) return value.some((v) => hasControl(v, depth + 1));
  for (const [k, v] of Object.entries(value)) if (CONTROL.test(k) || hasControl(v, depth + 1)) return true;
  return false;
}

/**
 * No request string may carry a NUL or other control character: PostgreSQL refuses NUL in text
 * (the request answered 500), and none belongs in a name, an address or a code. Checked once for
 * every route, before its schema, so each answers 400 with one clear message and writes nothing.
 */
export function registerControlCharacterCheck(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    if (hasControl(req.query) || hasControl(req.body) || CONTROL.test(req.url)) throw badRequest(Msg.controlCharacter);
  });
}
