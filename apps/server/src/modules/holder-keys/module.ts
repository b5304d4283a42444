import { getHolderKey, HOLDER_KEYS_PER_USER, registerHolderKey } from '@sq/contract/codes/holder-keys';
import type { Db } from '../../db/client';
import type { RouteKit } from '../../lib/route-kit';
import { createHolderKeysRepo } from './repo';

/**
 * The phone's signing key for the codes it shows at a counter (DESIGN.md §9 "Codes that staff
 * scan"): registered once per phone, the private half never leaves it. Answers the repository the
 * counters check codes with (coupons now, an order's pickup next).
 */
export function registerHolderKeys(kit: RouteKit, deps: { db: Db; now: () => Date }) {
  const keys = createHolderKeysRepo(deps.db);
  kit.authed(registerHolderKey, async ({ caller, body }) => ({ kid: await keys.register(caller.userId, body.publicKey, deps.now(), HOLDER_KEYS_PER_USER) }));
  kit.authed(getHolderKey, async ({ caller, req }) => {
    const kid = Number((req.params as Record<string, string>).kid);
    return { active: Number.isSafeInteger(kid) && kid > 0 && (await keys.active(caller.userId, kid)) !== null };
  });
  return keys;
}
