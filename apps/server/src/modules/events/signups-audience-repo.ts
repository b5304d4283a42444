import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';

/** Who an event is open to, beyond what modules/access answers: a home in the owner register. */
export function createAudienceRepo(db: Db) {
  return {
    /** Whether the person's mobile is an owner's in the community's unit register (房屋登记; AccessRepo.residence's second half). */
    async ownsHome(userId: string, poiId: string): Promise<boolean> {
      const [row] = rowsOf<{ owns: boolean }>(
        await db.execute(sql`
          select exists (select 1 from unit_owners o inner join units u on u.id = o.unit_id
            where u.poi_id = ${poiId} and o.mobile_hash = (select mobile_hash from users where id = ${userId}::uuid)) as owns`),
      );
      return row!.owns;
    },
  };
}
export type AudienceRepo = ReturnType<typeof createAudienceRepo>;
