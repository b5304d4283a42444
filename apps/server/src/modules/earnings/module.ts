import { getEarnings, getEarningsStatement, listMyLeaderships } from '@sq/contract/earnings/earnings';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import type { RouteKit } from '../../lib/route-kit';
import type { Slots } from '../../lib/slots';
import type { AuditRepo } from '../audit/repo';
import { createEarningsRepo } from './repo';
import { createEarningsService } from './service';

const param = (req: FastifyRequest, name = 'id') => (req.params as Record<string, string>)[name] ?? '';

/** 团长收益 composed (issue 36 item 5): the leader's commission, pending and settled, and the monthly statement. */
export function registerEarnings(kit: RouteKit, deps: { db: Db; audit: AuditRepo; slots: Slots; now: () => Date }) {
  const s = createEarningsService({ repo: createEarningsRepo(deps.db), audit: deps.audit, slots: deps.slots, now: deps.now });
  kit.authed(listMyLeaderships, ({ caller }) => s.mine(caller));
  kit.authed(getEarnings, ({ caller, req }) => s.summary(caller, param(req)));
  kit.authed(getEarningsStatement, async ({ caller, req, query, reply }) => {
    await s.statement(caller, param(req), query.month, reply);
    return null as never;
  });
}
