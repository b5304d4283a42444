/**
 * The time steps of rotating pass codes (rotating-code.ts makes and checks the codes; this part
 * has no hashing so screens that only count down do not load it).
 */
export const CODE_STEP_SECONDS = 30;
/** Steps a code may be off the gate's clock, either way. */
export const CODE_SKEW_STEPS = 1;
export const codeStepAt = (unixMs: number) => Math.floor(unixMs / 1000 / CODE_STEP_SECONDS);
/** Unix seconds at which a code of `step` stops being accepted (the end of its skew window). */
export const codeWindowEnd = (step: number) => (step + 1 + CODE_SKEW_STEPS) * CODE_STEP_SECONDS;
/** Whether a code of `step` is accepted at `nowStep` (one step of skew either way). */
export const inWindow = (step: number, nowStep: number) => Math.abs(step - nowStep) <= CODE_SKEW_STEPS;
/**
 * The scanner who let a code through and sees that very code again this soon (a page reloaded, a
 * QR still held in view) is answered "let through" again, not counted twice: the server's
 * `repeat`, and the offline check's.
 */
export const RESCAN_GRACE_MS = 10 * 60_000;
/** The longest pass code there is: a signed one (signed-code.ts) with a four-digit key number and a twelve-digit step. */
export const PASS_CODE_MAX_LENGTH = 22 + 1 + 5 + 1 + 12 + 1 + 86;
