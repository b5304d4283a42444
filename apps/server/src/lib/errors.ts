import { Code } from '@sq/contract/envelope';
import { Msg } from '@sq/contract/messages';

/** An error the client is meant to see: its code becomes the HTTP status and the envelope's code. */
export class AppError extends Error {
  constructor(
    readonly code: Code,
    message: string,
    /** Sent as Retry-After: when asking again may succeed (rate limits). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const badRequest = (message: string = Msg.badRequest) => new AppError(Code.badRequest, message);
export const forbidden = (message: string = Msg.forbidden) => new AppError(Code.forbidden, message);
export const notFound = (message: string = Msg.notFound) => new AppError(Code.notFound, message);
export const conflict = (message: string) => new AppError(Code.conflict, message);
export const tooManyRequests = (message: string = Msg.tooManyRequests, retryAfterSeconds?: number) =>
  new AppError(Code.tooManyRequests, message, retryAfterSeconds);
export const notLoggedIn = () => new AppError(Code.notLoggedIn, Msg.notLoggedIn);
export const sessionInvalid = () => new AppError(Code.sessionInvalid, Msg.sessionInvalid);
