import { beijingDate } from '@sq/contract/beijing-time';
import { CODE_SKEW_STEPS, codeStepAt, inWindow } from '@sq/contract/pass/code-steps';
import { MSG_CODE_EXPIRED, MSG_CODE_UNKNOWN, MSG_CODE_USED } from '@sq/contract/pass/get-registration-detail';
import { ENDED_MESSAGE } from '@sq/contract/pass/offline-kit';
import { macMatches, parsePassCode, passSecretOf } from '@sq/contract/pass/rotating-code';
import { visitRefusal } from '@sq/contract/visits/visit-window';
import type { VerdictState } from '../components/verdict';
import type { StoredKit } from './offline-store';

/**
 * A pass checked on the scanner with no signal, as the server would: made with one of the
 * community's keys, inside its window on the server's clock (the kit's offset), on today's list
 * and not on the ended one, and not used at this gate in this window already (`spent`: the last
 * step let through per pass and direction, kept by the caller).
 */
export function checkOffline(kit: StoredKit, code: string, direction: 1 | 2, phoneNow: number, spent: Map<string, number>): { verdict: VerdictState; at: number } {
  const at = phoneNow + (kit.serverTime - kit.receivedAt);
  const no = (message: string) => ({ verdict: { kind: 'no' as const, message, offline: true }, at });
  const parsed = parsePassCode(code);
  if (!parsed) return no(MSG_CODE_UNKNOWN);
  const ended = kit.ended.find((e) => e.id === parsed.id);
  if (ended) return no(ENDED_MESSAGE[ended.why]);
  const pass = kit.passes.find((p) => p.id === parsed.id);
  const key = kit.keys.find((k) => k.v === parsed.v);
  if (!pass || !key || !macMatches(parsed, passSecretOf(key.key, parsed.id))) return no(MSG_CODE_UNKNOWN);
  if (pass.until && pass.until < beijingDate(new Date(at))) return no(ENDED_MESSAGE.expired);
  // An invited visitor: the invitation's window and entries, as the gate checks them.
  const refusal = pass.visit ? visitRefusal({ ...pass.visit, cancelled: false, needsDocument: false }, direction, at) : null;
  if (refusal) return no(refusal);
  if (!inWindow(parsed.step, codeStepAt(at))) return no(MSG_CODE_EXPIRED);
  const last = spent.get(`${parsed.id}|${parsed.direction}`);
  if (last !== undefined && parsed.step <= last + 2 * CODE_SKEW_STEPS) return no(MSG_CODE_USED);
  spent.set(`${parsed.id}|${parsed.direction}`, parsed.step);
  return { verdict: { kind: 'ok', name: pass.name, owner: pass.owner, pass: direction, backDay: null, offline: true }, at };
}
