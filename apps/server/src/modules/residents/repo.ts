import { and, eq, inArray } from 'drizzle-orm';
import { RegistrationStatus } from '@sq/contract/pass/registration-schemas';
import type { Db } from '../../db/client';
import { inTurn } from '../../db/in-turn';
import { registrationReviews, registrations } from '../../db/schema';
import type { NewRegistration } from '../pass/registration-repo';

/** Rows per statement: 500 registrations of ~25 columns stay far below PostgreSQL's 65,535 parameters. */
const BATCH = 500;

export type ImportedRegistration = Omit<NewRegistration, 'poiId' | 'status' | 'userId' | 'createdBy'>;

export function createResidentsRepo(db: Db) {
  /** Which of these mobiles (hashes) already have a registration in the community. */
  async function registeredMobiles(q: Pick<Db, 'select'>, poiId: string, hashes: string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (let i = 0; i < hashes.length; i += BATCH) {
      const rows = await q
        .select({ hash: registrations.mobileHash })
        .from(registrations)
        .where(and(eq(registrations.poiId, poiId), inArray(registrations.mobileHash, hashes.slice(i, i + BATCH))));
      for (const r of rows) found.add(r.hash);
    }
    return found;
  }

  return {
    registeredMobiles: (poiId: string, hashes: string[]) => registeredMobiles(db, poiId, hashes),

    /**
     * Writes imported residents as approved registrations entered by `by`, each with its approval
     * on record (as a staff-entered one), in one transaction: all or nothing. Imports of one
     * community take turns (an advisory lock) with each other and with registrations entered by
     * hand, and mobiles registered meanwhile are skipped, so two managers importing the same file
     * at once still add each person once.
     */
    async importApproved(poiId: string, rows: ImportedRegistration[], by: string, at: Date, onWritten: (done: number) => void) {
      // The same turn as a registration entered by hand (registration-repo insertEntered).
      return inTurn(db, [['entered-registrations', poiId]], async (tx) => {
        const taken = await registeredMobiles(tx, poiId, rows.map((r) => r.mobileHash));
        const fresh = rows.filter((r) => !taken.has(r.mobileHash));
        for (let i = 0; i < fresh.length; i += BATCH) {
          const created = await tx
            .insert(registrations)
            .values(fresh.slice(i, i + BATCH).map((r) => ({ ...r, poiId, status: RegistrationStatus.approved, userId: null, createdBy: by })))
            .returning({ id: registrations.id });
          await tx
            .insert(registrationReviews)
            .values(created.map((c) => ({ registrationId: c.id, fromStatus: RegistrationStatus.pending, toStatus: RegistrationStatus.approved, reviewedBy: by, reason: '', createdAt: at })));
          onWritten(Math.min(i + BATCH, fresh.length));
        }
        return { created: fresh.length, existing: rows.length - fresh.length };
      });
    },
  };
}
export type ResidentsRepo = ReturnType<typeof createResidentsRepo>;
