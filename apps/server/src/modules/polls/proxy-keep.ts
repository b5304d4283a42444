import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pollProxies, pollUnitOwners, users } from '../../db/schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * After a home's voters were rewritten from the register (the roll fixed at the start, or a
 * correction), keeps each proxy of those homes whose owner is still an owner of the home, and
 * gives the proxy's mobile back its right to vote for it; drops the others (docs/decisions/
 * owners-votes.md, "Proxies across roll changes"). A proxy named in the app belongs to the owner
 * who named it; a written one (entered by staff) to the home's owners, so it stays while any
 * owner of the home before is one after.
 * `before`: each home's voters before the rewrite, without its proxy.
 */
export async function keepProxies(tx: Tx, pollId: string, before: Map<string, string[]>) {
  const unitIds = [...before.keys()];
  if (!unitIds.length) return;
  const proxies = await tx
    .select({ unitId: pollProxies.unitId, mobileHash: pollProxies.mobileHash, kind: pollProxies.kind, namer: users.mobileHash })
    .from(pollProxies)
    .innerJoin(users, eq(users.id, pollProxies.namedBy))
    .where(and(eq(pollProxies.pollId, pollId), inArray(pollProxies.unitId, unitIds)));
  if (!proxies.length) return;
  const after = await tx
    .select({ unitId: pollUnitOwners.unitId, m: pollUnitOwners.mobileHash })
    .from(pollUnitOwners)
    .where(and(eq(pollUnitOwners.pollId, pollId), inArray(pollUnitOwners.unitId, proxies.map((p) => p.unitId))));
  const ownersAfter = (unitId: string) => after.filter((a) => a.unitId === unitId).map((a) => a.m);
  for (const p of proxies) {
    const now = ownersAfter(p.unitId);
    const was = (before.get(p.unitId) ?? []).filter((m) => m !== p.mobileHash);
    const keep = p.kind === 1 ? now.includes(p.namer ?? '') : was.some((m) => now.includes(m));
    if (keep) await tx.insert(pollUnitOwners).values({ pollId, unitId: p.unitId, mobileHash: p.mobileHash }).onConflictDoNothing();
    else await tx.delete(pollProxies).where(and(eq(pollProxies.pollId, pollId), eq(pollProxies.unitId, p.unitId)));
  }
}
