import { beijingDate } from '@sq/contract/beijing-time';
import { CODE_SKEW_STEPS, RESCAN_GRACE_MS, codeStepAt, inWindow } from '@sq/contract/pass/code-steps';
import { MSG_CODE_EXPIRED, MSG_CODE_UNKNOWN, MSG_CODE_USED } from '@sq/contract/pass/get-registration-detail';
import { ENDED_MESSAGE, MSG_KIT_EXPIRED, MSG_NEEDS_NETWORK } from '@sq/contract/pass/offline-kit';
import { parsePassCode } from '@sq/contract/pass/rotating-code';
import { signatureValid } from '@sq/contract/pass/signed-code';
import { visitRefusal } from '@sq/contract/visits/visit-window';
import type { VerdictState } from '../components/verdict';
import type { StoredKit } from './offline-store';

/** The last code this scanner let through, per pass and direction ("id|direction"), online or offline. */
export type SpentCodes = Map<string, { step: number; code: string; at: number }>;

/** Notes a code this scanner let through (`phoneNow`: the phone's clock) for the offline checks after it. */
export function rememberSpent(spent: SpentCodes, code: string, phoneNow: number): void {
  const parsed = parsePassCode(code);
  if (parsed) spent.set(`${parsed.id}|${parsed.direction}`, { step: parsed.step, code, at: phoneNow });
}

/**
 * A pass checked on the scanner with no signal, as the server would: signed by its phone's own
 * key (the kit holds the public halves only: a scanner checks codes, it cannot make one), inside
 * its window on the server's clock (the kit's offset), on today's list and not on the ended one,
 * and not used at this gate in this window already (`spent`, kept by the caller with
 * rememberSpent). The very code this scanner let through last, seen again within RESCAN_GRACE_MS
 * (held in view), is let through again as a `repeat` – not to be counted or sent twice – as the
 * server answers it. A kit past its validity checks nothing.
 */
export function checkOffline(kit: StoredKit, code: string, direction: 1 | 2, phoneNow: number, spent: SpentCodes): { verdict: VerdictState; at: number; repeat: boolean } {
  const at = phoneNow + (kit.serverTime - kit.receivedAt);
  const no = (message: string) => ({ verdict: { kind: 'no' as const, message, offline: true }, at, repeat: false });
  if (at > kit.validUntil) return no(MSG_KIT_EXPIRED);
  const parsed = parsePassCode(code);
  if (!parsed) return no(MSG_CODE_UNKNOWN);
  const ended = kit.ended.find((e) => e.id === parsed.id);
  if (ended) return no(ENDED_MESSAGE[ended.why]);
  // The server's own code (the phone had no key yet): only the server holds what checks it.
  if (!parsed.signed) return no(MSG_NEEDS_NETWORK);
  const pass = kit.passes.find((p) => p.id === parsed.id);
  const key = pass?.keys.find((k) => k.kid === parsed.v);
  if (!pass || !key || !signatureValid(parsed, key.publicKey)) return no(MSG_CODE_UNKNOWN);
  const ok = (repeat: boolean) => ({ verdict: { kind: 'ok' as const, name: pass.name, owner: pass.owner, pass: direction, backDay: null, offline: true }, at, repeat });
  const last = spent.get(`${parsed.id}|${parsed.direction}`);
  // As the server's isRepeat: checked before the window, so a code held in view past it stays green.
  if (last?.code === code && phoneNow - last.at < RESCAN_GRACE_MS) return ok(true);
  if (pass.until && pass.until < beijingDate(new Date(at))) return no(ENDED_MESSAGE.expired);
  // An invited visitor: the invitation's window and entries, as the gate checks them.
  const refusal = pass.visit ? visitRefusal({ ...pass.visit, cancelled: false, needsDocument: false }, direction, at) : null;
  if (refusal) return no(refusal);
  if (!inWindow(parsed.step, codeStepAt(at))) return no(MSG_CODE_EXPIRED);
  if (last !== undefined && parsed.step <= last.step + 2 * CODE_SKEW_STEPS) return no(MSG_CODE_USED);
  rememberSpent(spent, code, phoneNow);
  return ok(false);
}
