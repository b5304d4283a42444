import { Code, LOGIN_CODES, SILENT_CODES } from '@sq/contract/envelope';
import { Msg } from '@sq/contract/messages';
import type { Host } from './native-bridge';

/** What the client does with an answer (spec §7, §8; DESIGN §4). */
export type Outcome = 'ok' | 'silent' | 'login' | 'toast';

export function classifyResponse(code: number): Outcome {
  if (code === Code.ok) return 'ok';
  if (SILENT_CODES.includes(code)) return 'silent';
  if (LOGIN_CODES.includes(code)) return 'login';
  return 'toast';
}

export interface Answer {
  code: number;
  message: string;
  data: unknown;
}

const FALLBACK_MESSAGE: Readonly<Record<number, string>> = {
  [Code.badRequest]: Msg.badRequest,
  [Code.forbidden]: Msg.forbidden,
  [Code.notFound]: Msg.notFound,
  [Code.notLoggedIn]: Msg.notLoggedIn,
  [Code.sessionInvalid]: Msg.sessionInvalid,
  [Code.tooManyRequests]: Msg.tooManyRequests,
  [Code.unavailable]: Msg.unavailable,
};

/**
 * Reads `{code, message, data}`. The spec allows `code` as a string; a body without an envelope
 * (a proxy's HTML error page) is never a success, whatever the HTTP status says.
 */
export function readAnswer(body: unknown, httpStatus: number): Answer {
  const raw = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : null;
  const parsed = raw ? Number(raw.code) : NaN;
  const code = Number.isInteger(parsed) ? parsed : httpStatus >= 400 ? httpStatus : Code.internal;
  const message =
    raw && typeof raw.message === 'string' && raw.message !== ''
      ? raw.message
      : (FALLBACK_MESSAGE[code] ?? Msg.internal);
  return { code, message, data: raw?.data ?? null };
}

/** Who handles a missing or expired session (codes 423/424). */
export type LoginAction = 'native' | 'iframe' | 'redirect';

/**
 * A native shell always gets the request, even when it handed us a token: that token was just
 * refused, and a web login would not help because the shell's token is sent first anyway.
 */
export function loginAction(host: Host): LoginAction {
  if (host === 'android' || host === 'ios') return 'native';
  return host === 'iframe' ? 'iframe' : 'redirect';
}
