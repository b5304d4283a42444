import { z } from 'zod';

/**
 * Every answer is `{code, message, data}` and the HTTP status equals `code` (DESIGN.md §4).
 * The codes 411 and 451 keep the spec's meaning: the client drops them without a toast.
 */
export const Code = {
  ok: 200,
  badRequest: 400,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  silent411: 411,
  payloadTooLarge: 413,
  unsupportedMediaType: 415,
  notLoggedIn: 423,
  sessionInvalid: 424,
  tooManyRequests: 429,
  silent451: 451,
  internal: 500,
  unavailable: 503,
} as const;
export type Code = (typeof Code)[keyof typeof Code];

/** Codes after which the client must send the user to log in (spec §4 Login, §8). */
export const LOGIN_CODES: readonly number[] = [Code.notLoggedIn, Code.sessionInvalid];
/** Codes the client rejects without showing anything (spec §8). */
export const SILENT_CODES: readonly number[] = [Code.silent411, Code.silent451];

export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), message: z.string(), data });
}

export const ZErrorEnvelope = z.object({
  code: z.number().int(),
  message: z.string(),
  data: z.null(),
});
export type ErrorEnvelope = z.infer<typeof ZErrorEnvelope>;
