import type { FastifyInstance } from 'fastify';
import { Msg } from '@sq/contract/messages';
import { badRequest } from '../lib/errors';

/**
 * Request bodies here are small forms: the largest real one (a poll with its options, or a
 * registration with every optional field) is a few KiB. 64 KiB leaves room for any of them; the
 * default 1 MiB let anyone, logged in or not, make the server parse megabytes for nothing.
 */
export const BODY_LIMIT = 64 * 1024;

/** The deepest real body is an object holding an array of strings (3 levels). */
export const MAX_JSON_DEPTH = 8;

/**
 * How deeply `text` nests arrays and objects, counted before parsing, so a body like
 * `[[[[…]]]]` is refused in one pass over its bytes instead of being parsed, validated and walked.
 * Brackets inside strings do not count.
 */
export function exceedsDepth(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** JSON bodies: depth checked first, then Fastify's own parser (which refuses `__proto__` poisoning). */
export function registerJsonBodyParser(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (exceedsDepth(body as string, MAX_JSON_DEPTH)) return done(badRequest(Msg.jsonTooDeep), undefined);
    parse(req, body as string, done);
  });
}
