import { checkPickupCode, collectOrder, getPickupDayList, getPickupKit, listMyPickups, listMySellers, sendOfflinePickups } from '@sq/contract/pickup/pickup';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import type { PiiCipher } from '../../lib/crypto';
import type { RouteKit } from '../../lib/route-kit';
import type { HolderKeysRepo } from '../holder-keys/repo';
import { createPickupRepo } from './repo';
import { createSellerAccess } from './sellers';
import { createPickupService } from './service';

const param = (req: FastifyRequest, name = 'id') => (req.params as Record<string, string>)[name] ?? '';

/** 提货 composed (issue 36 item 3): the buyer's waiting orders; the seller's scanner, kit, offline queue and 待取 list. */
export function registerPickup(kit: RouteKit, deps: { db: Db; keys: HolderKeysRepo; pii: PiiCipher; now: () => Date }) {
  const s = createPickupService({ db: deps.db, repo: createPickupRepo(deps.db), sellers: createSellerAccess(deps.db), keys: deps.keys, pii: deps.pii, now: deps.now });
  kit.authed(listMySellers, ({ caller }) => s.mySellers(caller));
  kit.authed(listMyPickups, ({ caller }) => s.mine(caller));
  kit.authed(checkPickupCode, ({ caller, body, req }) => s.check(caller, param(req), body.code));
  kit.authed(collectOrder, ({ caller, body, req }) => s.collect(caller, param(req), body));
  kit.authed(getPickupKit, ({ caller, req }) => s.kit(caller, param(req)));
  kit.authed(sendOfflinePickups, ({ caller, body, req }) => s.offline(caller, param(req), body.scans));
  kit.authed(getPickupDayList, ({ caller, req }) => s.dayList(caller, param(req)));
}
