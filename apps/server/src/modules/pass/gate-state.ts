import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passGateStates } from '../../db/schema';

/**
 * A resident's pass's gate state (schema pass_gate_states), locked for the rest of the transaction
 * (made if new) and read as its last holder left it. Every writer of a pass's uses takes this lock
 * first: the online scan's one statement takes it by its upsert (gate-repo useAtOnce).
 */
export async function lockGateState(tx: Db, registrationId: string) {
  const [state] = await tx
    .insert(passGateStates)
    .values({ registrationId })
    .onConflictDoUpdate({ target: passGateStates.registrationId, set: { registrationId: sql`excluded.registration_id` } })
    .returning();
  return state!;
}

/**
 * A use recorded in the locked state: the direction's highest step, and the latest log line when
 * this one is not older (an offline scan uploaded late leaves a newer line standing).
 */
export async function advanceGateState(tx: Db, registrationId: string, use: { direction: number; step: number; logDirection: number; at: Date }) {
  const step = use.direction === 1 ? passGateStates.inStep : passGateStates.outStep;
  await tx
    .update(passGateStates)
    .set({
      [use.direction === 1 ? 'inStep' : 'outStep']: sql`greatest(${step}, ${use.step}::int)`,
      lastDirection: sql`case when ${passGateStates.lastAt} > ${use.at.toISOString()}::timestamptz then ${passGateStates.lastDirection} else ${use.logDirection}::smallint end`,
      lastAt: sql`greatest(${passGateStates.lastAt}, ${use.at.toISOString()}::timestamptz)`,
    })
    .where(eq(passGateStates.registrationId, registrationId));
}
