import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { communities, eventSignups, events } from '../../db/schema';

/** The person's sign-ups for their copy (我的信息), every status, newest first, with the event and community. */
export function mySignupsCopy(db: Db, userId: string) {
  return db
    .select({
      community: communities.name,
      title: events.title,
      startsAt: events.startsAt,
      status: eventSignups.status,
      companions: eventSignups.companions,
      mobileEnc: eventSignups.mobileEnc,
      note: eventSignups.note,
      at: eventSignups.createdAt,
      checkedInAt: eventSignups.checkedInAt,
    })
    .from(eventSignups)
    .innerJoin(events, eq(events.id, eventSignups.eventId))
    .innerJoin(communities, eq(communities.poiId, events.poiId))
    .where(eq(eventSignups.userId, userId))
    .orderBy(desc(eventSignups.createdAt));
}
