import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { registrations, unitOwners, units, users } from '../../db/schema';

/** Who counts as an owner (业主) of a community, for events open to owners only. */
export function createAudienceRepo(db: Db) {
  return {
    /**
     * A home of theirs in the community's unit register (房屋登记, by their mobile), or a
     * registration approved there as 业主 (a tenant's or a company's does not count).
     */
    async isOwner(userId: string, poiId: string): Promise<boolean> {
      const user = sql`${userId}::uuid`;
      const [row] = await db
        .select({
          owner: sql<boolean>`exists (select 1 from ${unitOwners} inner join ${units} on ${units.id} = ${unitOwners.unitId}
              where ${units.poiId} = ${poiId} and ${unitOwners.mobileHash} = (select ${users.mobileHash} from ${users} where ${users.id} = ${user}))
            or exists (select 1 from ${registrations} where ${and(eq(registrations.poiId, poiId), sql`${registrations.userId} = ${user}`, eq(registrations.status, 1), eq(registrations.owner, '业主'))})`,
        })
        .from(sql`(select 1) as one`);
      return row?.owner ?? false;
    },
  };
}
export type AudienceRepo = ReturnType<typeof createAudienceRepo>;
