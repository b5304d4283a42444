import { registrations } from '@sq/server/db/schema';
import { createGateKeys } from '@sq/server/modules/pass/gate-keys';
import type { BenchDatabase } from './bench-app';
import { person } from './people';
import { registrationRow } from './registrations';
import { createLoggedInUsers, type BenchUser } from './sessions';

export type PassSecret = Awaited<ReturnType<ReturnType<typeof createGateKeys>['passSecret']>>;
export interface ResidentWithPass extends BenchUser {
  /** What the resident's phone makes its codes from (passCodeAt). */
  secret: PassSecret;
}

/**
 * `count` residents of `poiId`, each logged in (an account and a session) with an approved
 * registration there, and the secret its pass codes are made from – written straight into the
 * tables as the app writes them (support/sessions.ts, support/registrations.ts).
 */
export async function residentsWithPasses({ database, pii }: BenchDatabase, poiId: string, count: number, series: number): Promise<ResidentWithPass[]> {
  const db = database.db;
  const keys = createGateKeys(db, pii);
  const users = await createLoggedInUsers(db, pii, count, series);
  const out: ResidentWithPass[] = [];
  for (let start = 0; start < users.length; start += 1000) {
    const batch = users.slice(start, start + 1000);
    const ids = await db
      .insert(registrations)
      .values(batch.map((u, k) => registrationRow(pii, poiId, person(start + k, series), { status: 1, userId: u.userId })))
      .returning({ id: registrations.id });
    for (const [k, r] of ids.entries()) out.push({ ...batch[k]!, secret: await keys.passSecret(poiId, r.id) });
  }
  return out;
}
