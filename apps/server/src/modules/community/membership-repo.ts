import { eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { userCommunities } from '../../db/schema';

export function createMembershipRepo(db: Db) {
  return {
    async currentOf(userId: string) {
      const [row] = await db.select().from(userCommunities).where(eq(userCommunities.userId, userId)).limit(1);
      return row ?? null;
    },

    /**
     * Every community the account belongs to (contract community/my-communities.ts): a
     * registration of its own or entered for its mobile (the newest per community, its own before
     * an unclaimed one), a home of its mobile in the unit register, a staff role. By the same keyed
     * mobile hash the registrations use: nothing is decrypted. Approved passes first.
     */
    async belongingsOf(userId: string) {
      const rows = rowsOf<{ poi_id: string; name: string; status: number | null; revoked: boolean | null; home: boolean; staff: boolean }>(
        await db.execute(sql`
        with me as (select mobile_hash from users where id = ${userId}),
        pass as (
          select distinct on (r.poi_id) r.poi_id, r.status, (r.status = -1 and r.revoked_at is not null) as revoked from registrations r
          where r.user_id = ${userId} or (r.user_id is null and r.mobile_hash = (select mobile_hash from me))
          order by r.poi_id, r.user_id is null, r.updated_at desc
        ),
        home as (
          select distinct u.poi_id from units u join unit_owners o on o.unit_id = u.id
          where o.mobile_hash = (select mobile_hash from me)
        ),
        role as (
          select poi_id from staff where user_id = ${userId}
          union select poi_id from community_admins where user_id = ${userId}
        )
        select c.poi_id, c.name, pass.status, pass.revoked, home.poi_id is not null as home, role.poi_id is not null as staff
        from communities c
        left join pass on pass.poi_id = c.poi_id
        left join home on home.poi_id = c.poi_id
        left join role on role.poi_id = c.poi_id
        where pass.poi_id is not null or home.poi_id is not null or role.poi_id is not null
        order by pass.status = 1 desc nulls last, pass.status is not null desc, home.poi_id is not null desc, c.name
        limit 50`),
      );
      return rows.map((r) => ({ poiId: r.poi_id, community: r.name, pass: r.status === null ? null : Number(r.status), revoked: r.revoked === true, home: r.home, staff: r.staff }));
    },
  };
}
export type MembershipRepo = ReturnType<typeof createMembershipRepo>;
