import { and, between, eq, ilike, inArray, or } from 'drizzle-orm';
import type { LngLat } from '@sq/contract/map/geo';
import type { Db } from '../../db/client';
import { communities, places } from '../../db/schema';

/** Degrees that cover `metres` around a point: a cheap box the index narrows before exact distances. */
function box(at: LngLat, metres: number) {
  const dLat = metres / 110_540;
  const dLng = metres / (111_320 * Math.cos((at.lat * Math.PI) / 180));
  return { minLng: at.lng - dLng, maxLng: at.lng + dLng, minLat: at.lat - dLat, maxLat: at.lat + dLat };
}

const like = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Queries of the `local` map provider over the seeded communities and places tables. */
export function createLocalMapRepo(db: Db) {
  return {
    communitiesWithin(at: LngLat, metres: number) {
      const b = box(at, metres);
      return db
        .select()
        .from(communities)
        .where(and(between(communities.lat, b.minLat, b.maxLat), between(communities.lng, b.minLng, b.maxLng)))
        .limit(500);
    },
    communitiesNamed(keyword: string) {
      return db
        .select()
        .from(communities)
        .where(or(ilike(communities.name, like(keyword)), ilike(communities.address, like(keyword))))
        .limit(50);
    },
    placesWithin(codes: readonly string[], at: LngLat, metres: number) {
      const b = box(at, metres);
      return db
        .select()
        .from(places)
        .where(and(inArray(places.typeCode, [...codes]), between(places.lat, b.minLat, b.maxLat), between(places.lng, b.minLng, b.maxLng)))
        .limit(2000);
    },
    async place(id: string) {
      const [row] = await db.select().from(places).where(eq(places.id, id)).limit(1);
      return row ?? null;
    },
    placesNamed(keyword: string) {
      return db
        .select()
        .from(places)
        .where(or(ilike(places.name, like(keyword)), ilike(places.address, like(keyword))))
        .limit(50);
    },
    placesNamedWithin(keywords: readonly string[], at: LngLat, metres: number) {
      const b = box(at, metres);
      return db
        .select()
        .from(places)
        .where(and(or(...keywords.map((k) => ilike(places.name, like(k)))), between(places.lat, b.minLat, b.maxLat), between(places.lng, b.minLng, b.maxLng)))
        .limit(2000);
    },
    placesWithinAnyType(at: LngLat, metres: number) {
      const b = box(at, metres);
      return db
        .select()
        .from(places)
        .where(and(between(places.lat, b.minLat, b.maxLat), between(places.lng, b.minLng, b.maxLng)))
        .limit(500);
    },
  };
}
export type LocalMapRepo = ReturnType<typeof createLocalMapRepo>;
