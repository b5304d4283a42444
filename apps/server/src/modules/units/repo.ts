import { and, asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inTurn } from '../../db/in-turn';
import { ownerPersons, unitHolders, unitOwners, units } from '../../db/schema';
import type { RegisterHome } from '@sq/contract/polls/owners-count';

export interface PersonRecord {
  personKey: string;
  nameEnc: string;
  mobileHash: string | null;
  mobileEnc: string | null;
  developer: boolean;
}

export interface UnitRecord {
  building: string;
  unitNo: string;
  room: string;
  areaCenti: number;
  /** Owners in the order given: encrypted value and keyed hash of each mobile. */
  owners: { mobileHash: string; mobileEnc: string }[];
  /** The owners as persons; undefined keeps the home's persons. */
  persons?: PersonRecord[];
  /** undefined keeps what is recorded. */
  areaSource?: number | null;
  certEnc?: string | null;
}

/** Rows per INSERT of an import: well under PostgreSQL's 65,535 parameters. */
const BATCH = 500;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Replaces the persons holding a home (each found or added in the community by its key). */
async function writeHolders(tx: Tx, poiId: string, unitId: string, persons: PersonRecord[]) {
  await tx.delete(unitHolders).where(eq(unitHolders.unitId, unitId));
  for (const [sort, p] of persons.entries()) {
    const [row] = await tx
      .insert(ownerPersons)
      .values({ poiId, ...p })
      .onConflictDoUpdate({ target: [ownerPersons.poiId, ownerPersons.personKey], set: { nameEnc: p.nameEnc, mobileEnc: p.mobileEnc, developer: p.developer } })
      .returning({ id: ownerPersons.id });
    await tx.insert(unitHolders).values({ unitId, personId: row!.id, sort }).onConflictDoNothing();
  }
}

/** Adds or updates persons (by key, once each however many homes they hold); their ids by key. */
async function upsertPersons(tx: Tx, poiId: string, persons: PersonRecord[]): Promise<Map<string, string>> {
  // One row per key in a statement: ON CONFLICT DO UPDATE may not touch a row twice.
  const distinct = [...new Map(persons.map((p) => [p.personKey, p])).values()];
  const ids = new Map<string, string>();
  for (let i = 0; i < distinct.length; i += BATCH) {
    const rows = await tx
      .insert(ownerPersons)
      .values(distinct.slice(i, i + BATCH).map((p) => ({ poiId, ...p })))
      .onConflictDoUpdate({
        target: [ownerPersons.poiId, ownerPersons.personKey],
        set: { nameEnc: sql`excluded.name_enc`, mobileHash: sql`excluded.mobile_hash`, mobileEnc: sql`excluded.mobile_enc`, developer: sql`excluded.developer` },
      })
      .returning({ id: ownerPersons.id, personKey: ownerPersons.personKey });
    for (const r of rows) ids.set(r.personKey, r.id);
  }
  return ids;
}

/**
 * Every home of a community with what art. 9 groups it by (persons, the developer, mobiles), its
 * area and the area's source: the base of the owners' count, read in one go.
 */
export async function readRegister(q: Db | Tx, poiId: string) {
  // One after the other: inside a transaction the three share one connection, which takes one
  // statement at a time (node-postgres queues the rest, and pg@9 will refuse them).
  const homes = await q.select({ id: units.id, building: units.building, unitNo: units.unitNo, room: units.room, areaCenti: units.areaCenti, areaSource: units.areaSource }).from(units).where(eq(units.poiId, poiId));
  const holders = await q
    .select({ unitId: unitHolders.unitId, personId: unitHolders.personId, developer: ownerPersons.developer })
    .from(unitHolders)
    .innerJoin(ownerPersons, eq(ownerPersons.id, unitHolders.personId))
    .where(eq(ownerPersons.poiId, poiId));
  const mobiles = await q.select({ unitId: unitOwners.unitId, mobileHash: unitOwners.mobileHash }).from(unitOwners).innerJoin(units, eq(units.id, unitOwners.unitId)).where(eq(units.poiId, poiId));
  const persons = new Map<string, string[]>();
  const developer = new Set<string>();
  for (const h of holders) {
    persons.set(h.unitId, [...(persons.get(h.unitId) ?? []), h.personId]);
    if (h.developer) developer.add(h.unitId);
  }
  const byUnit = new Map<string, string[]>();
  for (const m of mobiles) byUnit.set(m.unitId, [...(byUnit.get(m.unitId) ?? []), m.mobileHash]);
  return {
    homes: homes.map((u) => ({
      ...u,
      home: { unitId: u.id, personIds: persons.get(u.id) ?? [], developer: developer.has(u.id), mobileHashes: byUnit.get(u.id) ?? [] } satisfies RegisterHome,
    })),
    mobiles,
  };
}

export function createUnitsRepo(db: Db) {
  return {
    async page(poiId: string, keyword: string | undefined, limit: number, offset: number) {
      const like = keyword ? `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
      const where = and(eq(units.poiId, poiId), like ? or(ilike(units.building, like), ilike(units.unitNo, like), ilike(units.room, like)) : undefined);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(units)
          .where(where)
          // Natural order of 2栋 before 10栋: by length, then text.
          .orderBy(sql`length(${units.building})`, asc(units.building), sql`length(${units.unitNo})`, asc(units.unitNo), sql`length(${units.room})`, asc(units.room))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(units).where(where),
      ]);
      const ids = rows.map((r) => r.id);
      const [owners, persons] = ids.length
        ? await Promise.all([
            db.select().from(unitOwners).where(inArray(unitOwners.unitId, ids)).orderBy(asc(unitOwners.sort)),
            db
              .select({ unitId: unitHolders.unitId, id: ownerPersons.id, nameEnc: ownerPersons.nameEnc, mobileEnc: ownerPersons.mobileEnc, developer: ownerPersons.developer })
              .from(unitHolders)
              .innerJoin(ownerPersons, eq(ownerPersons.id, unitHolders.personId))
              .where(inArray(unitHolders.unitId, ids))
              .orderBy(asc(unitHolders.sort)),
          ])
        : [[], []];
      return {
        rows: rows.map((r) => ({ ...r, owners: owners.filter((o) => o.unitId === r.id), persons: persons.filter((p) => p.unitId === r.id) })),
        total: total?.n ?? 0,
      };
    },

    /** The community's persons with these ids (for a save that keeps a person's mobile). */
    async personsById(poiId: string, ids: string[]) {
      if (!ids.length) return [];
      return db.select().from(ownerPersons).where(and(eq(ownerPersons.poiId, poiId), inArray(ownerPersons.id, ids)));
    },

    async registerTotals(poiId: string) {
      const [row] = await db
        .select({
          units: sql<number>`count(*)::int`,
          areaCenti: sql<number>`coalesce(sum(${units.areaCenti}), 0)::bigint`.mapWith(Number),
          withOwners: sql<number>`count(*) filter (where exists (select 1 from ${unitOwners} where ${unitOwners.unitId} = ${units.id}))::int`,
        })
        .from(units)
        .where(eq(units.poiId, poiId));
      return row!;
    },

    async find(poiId: string, id: string) {
      const [row] = await db.select({ id: units.id }).from(units).where(and(eq(units.poiId, poiId), eq(units.id, id))).limit(1);
      return row ?? null;
    },

    /**
     * Adds the units or brings the registered ones (same 楼栋/单元/房号) up to date, owners
     * replaced, all in one transaction: a failure leaves the register as it was. Records with
     * `persons` (the register's file with persons) also replace the home's persons, area source
     * and certificate number; records without keep them (the file before persons).
     */
    async upsert(poiId: string, records: UnitRecord[]): Promise<{ created: number; updated: number; ids: string[] }> {
      return inTurn(db, [['unit-register', poiId]], async (tx) => {
        const withPersons = records.some((r) => r.persons);
        const personIds = withPersons ? await upsertPersons(tx, poiId, records.flatMap((r) => r.persons ?? [])) : new Map<string, string>();
        let created = 0;
        const ids: string[] = [];
        for (let i = 0; i < records.length; i += BATCH) {
          const batch = records.slice(i, i + BATCH);
          const rows = await tx
            .insert(units)
            .values(batch.map((r) => ({ poiId, building: r.building, unitNo: r.unitNo, room: r.room, areaCenti: r.areaCenti, areaSource: r.areaSource ?? null, certEnc: r.certEnc ?? null })))
            .onConflictDoUpdate({
              target: [units.poiId, units.building, units.unitNo, units.room],
              set: withPersons
                ? { areaCenti: sql`excluded.area_centi`, areaSource: sql`excluded.area_source`, certEnc: sql`excluded.cert_enc`, updatedAt: sql`now()` }
                : { areaCenti: sql`excluded.area_centi`, updatedAt: sql`now()` },
            })
            // xmax is 0 on a row this statement inserted, and set on one it updated.
            .returning({ id: units.id, inserted: sql<boolean>`(xmax = 0)` });
          created += rows.filter((r) => r.inserted).length;
          const batchIds = rows.map((r) => r.id);
          ids.push(...batchIds);
          await tx.delete(unitOwners).where(inArray(unitOwners.unitId, batchIds));
          const owners = batch.flatMap((r, k) => r.owners.map((o, sort) => ({ unitId: batchIds[k]!, mobileHash: o.mobileHash, mobileEnc: o.mobileEnc, sort })));
          if (owners.length) await tx.insert(unitOwners).values(owners);
          if (!withPersons) continue;
          await tx.delete(unitHolders).where(inArray(unitHolders.unitId, batchIds));
          const holders = batch.flatMap((r, k) => (r.persons ?? []).map((p, sort) => ({ unitId: batchIds[k]!, personId: personIds.get(p.personKey)!, sort })));
          if (holders.length) await tx.insert(unitHolders).values(holders).onConflictDoNothing();
        }
        return { created, updated: records.length - created, ids };
      });
    },

    /** Changes one unit (its owners too unless kept), in the register's turn; false when its new address is another registered unit's. */
    async update(poiId: string, id: string, r: UnitRecord, keepOwners: boolean): Promise<boolean> {
      return inTurn(db, [['unit-register', poiId]], async (tx) => {
        const clash = await tx
          .select({ id: units.id })
          .from(units)
          .where(and(eq(units.poiId, poiId), eq(units.building, r.building), eq(units.unitNo, r.unitNo), eq(units.room, r.room), sql`${units.id} <> ${id}`))
          .limit(1);
        if (clash.length) return false;
        await tx
          .update(units)
          .set({ building: r.building, unitNo: r.unitNo, room: r.room, areaCenti: r.areaCenti, areaSource: r.areaSource, certEnc: r.certEnc, updatedAt: sql`now()` })
          .where(and(eq(units.poiId, poiId), eq(units.id, id)));
        if (r.persons) await writeHolders(tx, poiId, id, r.persons);
        if (keepOwners) return true;
        await tx.delete(unitOwners).where(eq(unitOwners.unitId, id));
        if (r.owners.length) await tx.insert(unitOwners).values(r.owners.map((o, sort) => ({ unitId: id, ...o, sort })));
        return true;
      });
    },

    /**
     * Adds one unit with its owners; null when its address is registered already. The register's
     * writes take turns (a save, an import, a change), so two saves of one address at once add it
     * once and neither hits the address's unique constraint.
     */
    async insertNew(poiId: string, r: UnitRecord): Promise<string | null> {
      return inTurn(db, [['unit-register', poiId]], async (tx) => {
        const [created] = await tx
          .insert(units)
          .values({ poiId, building: r.building, unitNo: r.unitNo, room: r.room, areaCenti: r.areaCenti, areaSource: r.areaSource ?? null, certEnc: r.certEnc ?? null })
          .onConflictDoNothing({ target: [units.poiId, units.building, units.unitNo, units.room] })
          .returning({ id: units.id });
        if (!created) return null;
        if (r.persons) await writeHolders(tx, poiId, created.id, r.persons);
        if (r.owners.length) await tx.insert(unitOwners).values(r.owners.map((o, sort) => ({ unitId: created.id, ...o, sort })));
        return created.id;
      });
    },

    async remove(poiId: string, id: string) {
      const rows = await db.delete(units).where(and(eq(units.poiId, poiId), eq(units.id, id))).returning({ id: units.id });
      return rows.length > 0;
    },
  };
}
export type UnitsRepo = ReturnType<typeof createUnitsRepo>;
