import { timingSafeEqual } from 'node:crypto';
import type { PiiCipher } from '../../lib/crypto';
import { passIdOf, registrationIdOf } from '../pass/gate-keys';

/**
 * The visitor's link token: the invitation's id (22 characters) and a keyed MAC of it (22, 132
 * bits). Derived, never stored: a database copy yields no links, and the resident's page and the
 * SMS worker make the same link again whenever they need it.
 */
const MAC_LENGTH = 22;
const macOf = (pii: PiiCipher, invitationId: string) => pii.hash(`visit-link:${invitationId}`).slice(0, MAC_LENGTH);

export function visitTokenOf(pii: PiiCipher, invitationId: string): string {
  return passIdOf(invitationId) + macOf(pii, invitationId);
}

/** The invitation a token names, or null for anything that is not one of ours. */
export function invitationIdOfToken(pii: PiiCipher, token: string): string | null {
  if (token.length !== 22 + MAC_LENGTH) return null;
  const id = registrationIdOf(token.slice(0, 22));
  if (!id) return null;
  const given = Buffer.from(token.slice(22));
  const expected = Buffer.from(macOf(pii, id));
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

/** The outbox keeps `/visit?i=<id>`; the token is put in when the SMS is sent. */
export const storedVisitLink = (visitPath: string, invitationId: string) => `${visitPath}?i=${invitationId}`;

export function resolveVisitLink(pii: PiiCipher, visitPath: string, link: string): string {
  const prefix = `${visitPath}?i=`;
  return link.startsWith(prefix) ? `${visitPath}?t=${visitTokenOf(pii, link.slice(prefix.length))}` : link;
}
