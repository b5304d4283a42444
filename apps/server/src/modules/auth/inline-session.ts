import type { Caller } from './caller';

/** A session as the database has it (auth repo's `findSession`, or a handler's own statement). */
export interface SessionRow {
  id: string;
  userId: string;
  openId: string;
  expiresAt: Date;
  revokedAt: Date | null;
}

/**
 * A request's session for a handler whose first statement reads it itself. A session this process
 * has not seen costs a round trip before the handler's own; a first registration (a burst of
 * people filling in the form at once) was two round trips where one INSERT does the work, and the
 * look-up was half the cost (bench/README.md, writes). Such a handler writes only for a live
 * session (the statement checks it) and gets the caller, or the same 424 as any other route.
 */
export interface InlineSession {
  /** The caller when this process knows the session and nothing about it needs writing. */
  known: Caller | null;
  /** The usual look-up, for a handler that takes the longer way. */
  authenticate(): Promise<Caller>;
  /**
   * Runs the handler's statement, which reads the session by `tokenHash` (null: none) next to its
   * own work; then the same checks as `authenticate` (424 when it is missing, revoked or ended).
   * `result` is null when the session became known meanwhile and the statement did not run.
   */
  within<T>(statement: (tokenHash: string) => Promise<{ session: SessionRow | null; result: T }>): Promise<{ caller: Caller; result: T | null }>;
}
