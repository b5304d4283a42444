import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { entryLogs, registrations, vehiclePlates } from '../../db/schema';

/** Plates of registrations, and the vehicle lines of 出入记录. */
export function createVehicleRepo(db: Db) {
  return {
    ownRegistration(poiId: string, userId: string) {
      return db
        .select({ id: registrations.id })
        .from(registrations)
        .where(and(eq(registrations.poiId, poiId), eq(registrations.userId, userId)))
        .limit(1)
        .then((rows) => rows[0] ?? null);
    },

    platesOf(registrationId: string) {
      return db.select({ plateEnc: vehiclePlates.plateEnc }).from(vehiclePlates).where(eq(vehiclePlates.registrationId, registrationId)).orderBy(asc(vehiclePlates.createdAt));
    },

    /** Adds a plate unless the registration has `max` already; false when it has. */
    async add(row: typeof vehiclePlates.$inferInsert, max: number) {
      return db.transaction(async (tx) => {
        // One registration's adds one after another: the count and the insert agree.
        await tx.select({ id: registrations.id }).from(registrations).where(eq(registrations.id, row.registrationId)).for('update');
        const [{ n }] = (await tx.select({ n: count() }).from(vehiclePlates).where(eq(vehiclePlates.registrationId, row.registrationId))) as [{ n: number }];
        if (n >= max) return 'full' as const;
        const added = await tx.insert(vehiclePlates).values(row).onConflictDoNothing().returning({ id: vehiclePlates.id });
        return added.length ? ('added' as const) : ('exists' as const);
      });
    },

    async remove(registrationId: string, plateHash: string) {
      await db.delete(vehiclePlates).where(and(eq(vehiclePlates.registrationId, registrationId), eq(vehiclePlates.plateHash, plateHash)));
    },

    /** The registration a plate belongs to in a community (the latest, if two households share a car). */
    findByPlate(poiId: string, plateHash: string) {
      return db
        .select({ registration: registrations })
        .from(vehiclePlates)
        .innerJoin(registrations, eq(registrations.id, vehiclePlates.registrationId))
        .where(and(eq(vehiclePlates.poiId, poiId), eq(vehiclePlates.plateHash, plateHash)))
        .orderBy(asc(registrations.updatedAt))
        .then((rows) => rows.at(-1)?.registration ?? null);
    },

    async log(row: typeof entryLogs.$inferInsert) {
      const [line] = await db.insert(entryLogs).values(row).returning({ id: entryLogs.id, createdAt: entryLogs.createdAt });
      return line!;
    },
  };
}
export type VehicleRepo = ReturnType<typeof createVehicleRepo>;
