import { getSupportContact, type SupportContact } from '@sq/contract/support/get-support-contact';
import type { RouteKit } from '../../lib/route-kit';

/** The deployment's support contacts, from configuration (nothing to look up). */
export function supportRoutes(kit: RouteKit, contact: SupportContact) {
  kit.open(getSupportContact, async () => contact);
}
