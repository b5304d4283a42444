import { agreeRefund, getRefundable, listMyRefunds, listSellerRefunds, refuseRefund, requestRefund } from '@sq/contract/refunds/refunds';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import type { PiiCipher } from '../../lib/crypto';
import type { RouteKit } from '../../lib/route-kit';
import { createImageUses } from '../images/uses';
import type { NotificationService } from '../notifications/service';
import type { PaymentsPort } from '../payments/port';
import { createPickupRepo } from '../pickup/repo';
import { createSellerAccess } from '../pickup/sellers';
import { createRefundsRepo } from './repo';
import { createRefundsService } from './service';

const param = (req: FastifyRequest, name = 'id') => (req.params as Record<string, string>)[name] ?? '';

/** 退款 composed (issue 36 item 4): the buyer's requests and list, the seller's decisions (an agreed refund sent through `payments`). */
export function registerRefunds(kit: RouteKit, deps: { db: Db; notices: NotificationService; payments: PaymentsPort; pii: PiiCipher; now: () => Date }) {
  const s = createRefundsService({ db: deps.db, repo: createRefundsRepo(deps.db), pickup: createPickupRepo(deps.db), sellers: createSellerAccess(deps.db), images: createImageUses(), notices: deps.notices, payments: deps.payments, pii: deps.pii, now: deps.now });
  kit.authed(getRefundable, ({ caller, req }) => s.refundable(caller, param(req)));
  kit.authed(requestRefund, ({ caller, req, body }) => s.request(caller, param(req), body));
  kit.authed(listMyRefunds, ({ caller }) => s.mine(caller));
  kit.authed(listSellerRefunds, ({ caller, req }) => s.waiting(caller, param(req)));
  kit.authed(agreeRefund, ({ caller, req }) => s.agree(caller, param(req)));
  kit.authed(refuseRefund, ({ caller, req, body }) => s.refuse(caller, param(req), body.reason));
}
