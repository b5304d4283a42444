import type { EndpointData } from '@sq/contract/endpoint';
import type { getCheckinKit } from '@sq/contract/events/checkin';
import { checkinOpenAt, eventSecretDigest, parseEventCode } from '@sq/contract/events/event-code';
import { EventMsg } from '@sq/contract/events/event-rules';

/** The offline list as the scanner keeps it, with the phone's time when it arrived (the clock offset). */
export type StoredEventKit = EndpointData<typeof getCheckinKit> & { receivedAt: number };

export type EventVerdictState =
  | { kind: 'ok'; name: string; companions: number; repeat: boolean; attended: number | null; offline?: boolean }
  | { kind: 'no'; message: string; offline?: boolean };

/**
 * A code checked with no network, as the server would: inside the check-in window on the server's
 * clock, and its secret's SHA-256 on the list (the list holds digests only: the phone recognises
 * a code, it cannot make one). `checkedIn`: sign-ups this scanner checked in since the list came –
 * a repeat is green and not sent again. An unknown code may be another event's: offline, the
 * phone cannot tell, and says the code is not valid here.
 */
export function checkEventOffline(kit: StoredEventKit, code: string, phoneNow: number, checkedIn: Set<string>): { verdict: EventVerdictState; at: number; signupId: string | null; repeat: boolean } {
  const at = phoneNow + (kit.serverTime - kit.receivedAt);
  const no = (message: string) => ({ verdict: { kind: 'no' as const, message, offline: true }, at, signupId: null, repeat: false });
  if (!checkinOpenAt(kit.startsAt, kit.endsAt, at)) return no(EventMsg.checkinNotOpen);
  const parsed = parseEventCode(code);
  if (!parsed) return no(EventMsg.notTicket);
  const ticket = kit.tickets.find((t) => t.signupId === parsed.signupId);
  if (!ticket || ticket.digest !== eventSecretDigest(parsed.secret)) return no(EventMsg.ticketUnknown);
  const repeat = ticket.checkedInAt !== null || checkedIn.has(ticket.signupId);
  checkedIn.add(ticket.signupId);
  return { verdict: { kind: 'ok', name: ticket.name, companions: ticket.companions, repeat, attended: null, offline: true }, at, signupId: ticket.signupId, repeat };
}
