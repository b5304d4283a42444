import { and, asc, count, desc, eq, getTableColumns, ilike, isNull, or, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inTurn } from '../../db/in-turn';
import { alias } from 'drizzle-orm/pg-core';
import { cursorText, olderThan, type KeysetCursor } from '../../db/keyset';
import { communities, registrationReviews, registrations, sessions, users, vehiclePlates } from '../../db/schema';

export type RegistrationRow = typeof registrations.$inferSelect;
export type RegistrationWrite = Omit<typeof registrations.$inferInsert, 'id' | 'createdAt'>;

/** Every column a new registration is written with (the prepared insert names each one). */
const WRITE_COLUMNS = [
  'poiId', 'userId', 'name', 'mobileEnc', 'mobileHash', 'mobileMasked', 'cardType', 'cardEnc', 'cardHash', 'cardMasked',
  'nationality', 'owner',
  'expireTime', 'company', 'other', 'address', 'isReturn', 'returnDate', 'wuhan', 'vehicle', 'backup', 'buildingNo',
  'status', 'returnReason', 'revokedAt', 'consentAt', 'consentVersion', 'createdBy', 'updatedAt',
] as const satisfies readonly (keyof RegistrationWrite)[];
type WriteColumn = (typeof WRITE_COLUMNS)[number];
/** Fails to compile when a column is added to the table but not to WRITE_COLUMNS. */
const allColumnsWritten: Exclude<keyof RegistrationWrite, WriteColumn> extends never ? true : never = true;
void allColumnsWritten;
/** A whole new registration: every column given, null where it has no value. */
export type NewRegistration = Required<Pick<RegistrationWrite, WriteColumn>>;

/** A registration with what its views need: the person's openId and the community's name. */
const withNames = {
  registration: registrations,
  openId: users.openId,
  community: communities.name,
};

/**
 * What a staff scan shows besides the registration (views.ts, detailView): its reviews, with each
 * reviewer's name, and its plates, as two columns of a select that has the registration's id.
 */
export function reviewsAndPlates(registrationId: SQLWrapper) {
  const reviewer = alias(users, 'reviewer');
  return {
    reviews: sql<{ from: number; to: number; by: string; at: string; reason: string }[]>`coalesce((
        select json_agg(json_build_object('from', ${registrationReviews.fromStatus}, 'to', ${registrationReviews.toStatus}, 'by', ${reviewer.username}, 'at', ${registrationReviews.createdAt}, 'reason', ${registrationReviews.reason}) order by ${registrationReviews.createdAt})
        from ${registrationReviews} join ${users} as ${sql.identifier('reviewer')} on ${reviewer.id} = ${registrationReviews.reviewedBy}
        where ${registrationReviews.registrationId} = ${registrationId}), '[]')`,
    plates: sql<string[]>`coalesce((select array_agg(${vehiclePlates.plateEnc} order by ${vehiclePlates.createdAt}) from ${vehiclePlates} where ${vehiclePlates.registrationId} = ${registrationId}), '{}')`,
  };
}

/** `%` and `_` typed by a person are letters, not wildcards. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface ListFilter {
  poiId: string;
  status?: number;
  /** Part of a name (`like`), or the keyed hash of a whole mobile or ID number (`hash`). */
  keyword?: { like: string } | { hash: string };
}

/**
 * The name holds every typed character (the GIN index registrations_name_chars_idx answers this
 * for any length, where trigrams need three) and ILIKE checks they are in order.
 */
const nameContains = (part: string) =>
  and(
    sql`string_to_array(lower(${registrations.name}), NULL) @> string_to_array(lower(${part}), NULL)`,
    ilike(registrations.name, `%${likeEscape(part)}%`),
  )!;

function filterOf(f: ListFilter): SQL {
  const filters: SQL[] = [eq(registrations.poiId, f.poiId)];
  if (f.status !== undefined) filters.push(eq(registrations.status, f.status));
  if (f.keyword) {
    filters.push('hash' in f.keyword ? or(eq(registrations.mobileHash, f.keyword.hash), eq(registrations.cardHash, f.keyword.hash))! : nameContains(f.keyword.like));
  }
  return and(...filters)!;
}

export function createRegistrationRepo(db: Db) {
  const base = () =>
    db
      .select(withNames)
      .from(registrations)
      .innerJoin(communities, eq(communities.poiId, registrations.poiId))
      .leftJoin(users, eq(users.id, registrations.userId));

  /**
   * The person's own registration, or one staff entered for their account's mobile before they
   * had an account (the account's mobile hash is the same keyed hash, so nothing is decrypted).
   */
  const persons = (userId: string | Placeholder | SQL) =>
    or(
      eq(registrations.userId, userId),
      and(isNull(registrations.userId), eq(registrations.mobileHash, sql`(${db.select({ hash: users.mobileHash }).from(users).where(eq(users.id, userId))})`)),
    );

  // Built once, not per call: building this select with drizzle cost more CPU than the database
  // spent running it (bench/README.md, writes).
  const ownOrUnclaimed = base()
    .where(and(eq(registrations.poiId, sql.placeholder('poiId')), persons(sql.placeholder('userId'))))
    .orderBy(sql`${registrations.userId} is null`)
    .limit(1)
    .prepare('registration_own_or_unclaimed');

  // The staff detail and every scan read these two: prepared as well.
  const byId = base()
    .where(and(eq(registrations.poiId, sql.placeholder('poiId')), eq(registrations.id, sql.placeholder('id'))))
    .limit(1)
    .prepare('registration_by_id');
  const reviewsOf = db
    .select({ from: registrationReviews.fromStatus, to: registrationReviews.toStatus, by: users.username, at: registrationReviews.createdAt, reason: registrationReviews.reason })
    .from(registrationReviews)
    .innerJoin(users, eq(users.id, registrationReviews.reviewedBy))
    .where(eq(registrationReviews.registrationId, sql.placeholder('registrationId')))
    .orderBy(asc(registrationReviews.createdAt))
    .prepare('registration_reviews');

  /**
   * A person's first registration, written only if they have none here yet (see insertIfNew).
   * drizzle writes every column of the table in its order, so the select gives each one: the
   * written ones from placeholders cast to their column's type (a SELECT list has no types of its
   * own), the others their column default. `person` is who writes it (user_id and created_by),
   * `from` and `live` what it is selected from and on what condition besides.
   */
  const firstRegistration = (person: SQL | Placeholder, from?: SQL, live?: SQL) =>
    db
      .insert(registrations)
      .select(
        sql`select ${sql.join(
          Object.entries(getTableColumns(registrations)).map(([key, column]) =>
            key === 'userId' || key === 'createdBy'
              ? sql`${person}::${sql.raw(column.getSQLType())}`
              : (WRITE_COLUMNS as readonly string[]).includes(key)
                ? sql`${sql.placeholder(key)}::${sql.raw(column.getSQLType())}`
                : (column.default as SQL),
          ),
          sql`, `,
        )}${from ? sql` from ${from}` : sql``} where ${live ? sql`${live} and ` : sql``}not exists (select 1 from ${registrations} where ${and(eq(registrations.poiId, sql.placeholder('poiId')), persons(person))})`,
      )
      // A double tap's other request got there first, both having seen no row: nothing written.
      .onConflictDoNothing({ target: [registrations.poiId, registrations.userId] })
      .returning({ id: registrations.id, status: registrations.status });
  const insertIfNew = firstRegistration(sql.placeholder('userId')).prepare('registration_insert_if_new');

  /**
   * The same, for a session this process has not seen: the session is read by the statement that
   * writes (one round trip; InlineSession), and the row is written only for a live one.
   */
  const sessionOf = db.$with('session_of').as(
    db
      .select({ id: sessions.id, userId: sessions.userId, openId: users.openId, expiresAt: sessions.expiresAt, revokedAt: sessions.revokedAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
      .limit(1),
  );
  const createdForSession = db.$with('created').as(
    firstRegistration(
      sql`${sessionOf.userId}`,
      sql`${sessionOf}`,
      sql`${sessionOf.revokedAt} is null and ${sessionOf.expiresAt} > ${sql.placeholder('at')}::timestamptz`,
    ),
  );
  const insertForSession = db
    .with(sessionOf, createdForSession)
    .select({ session: { id: sessionOf.id, userId: sessionOf.userId, openId: sessionOf.openId, expiresAt: sessionOf.expiresAt, revokedAt: sessionOf.revokedAt }, id: createdForSession.id, status: createdForSession.status })
    .from(sessionOf)
    .leftJoin(createdForSession, sql`true`)
    .prepare('registration_insert_for_session');

  return {
    async findOwn(poiId: string, userId: string) {
      const [row] = await base().where(and(eq(registrations.poiId, poiId), eq(registrations.userId, userId))).limit(1);
      return row ?? null;
    },

    /** The person's own registration here or, failing that, an `unclaimed` one: one consistent look. */
    async findOwnOrUnclaimed(poiId: string, userId: string) {
      const [row] = await ownOrUnclaimed.execute({ poiId, userId });
      return row ? { ...row, unclaimed: row.registration.userId === null } : null;
    },

    async claim(id: string, userId: string) {
      await db.update(registrations).set({ userId }).where(and(eq(registrations.id, id), isNull(registrations.userId)));
    },

    async communityName(poiId: string) {
      const [row] = await db.select({ name: communities.name }).from(communities).where(eq(communities.poiId, poiId)).limit(1);
      return row?.name ?? '';
    },

    async findById(poiId: string, id: string) {
      const [row] = await byId.execute({ poiId, id });
      return row ?? null;
    },

    /**
     * A registration staff entered for someone without an account yet (user_id null), unless the
     * mobile has one here already (null then). Entries and imports of a community take turns, so
     * a double tap, or the same person entered by two managers at once, is written once.
     */
    async insertEntered(row: NewRegistration) {
      return inTurn(db, [['entered-registrations', row.poiId]], async (tx) => {
        const [taken] = await tx
          .select({ id: registrations.id })
          .from(registrations)
          .where(and(eq(registrations.poiId, row.poiId), eq(registrations.mobileHash, row.mobileHash)))
          .limit(1);
        if (taken) return null;
        const [created] = await tx.insert(registrations).values(row).returning({ id: registrations.id, status: registrations.status });
        return created!;
      });
    },

    /**
     * A person's first registration here, in one statement: written only if they have none of
     * their own and none staff entered for their mobile; null otherwise (a double tap's second
     * request included), and the caller takes the longer way.
     */
    async insertIfNew(row: NewRegistration & { userId: string }) {
      // Placeholders in raw SQL skip the columns' encoders: the one date-time goes as ISO text.
      const [created] = await insertIfNew.execute({ ...row, updatedAt: row.updatedAt.toISOString(), consentAt: row.consentAt?.toISOString() ?? null });
      return created ?? null;
    },

    /**
     * insertIfNew for the session with this token hash, read in the same statement: the session as
     * found (null: none) and the new registration (`written` null: none – the session is not
     * live, or the person has one here).
     */
    async insertIfNewForSession(tokenHash: string, at: Date, row: Omit<NewRegistration, 'userId' | 'createdBy'>) {
      const [found] = await insertForSession.execute({ ...row, tokenHash, at: at.toISOString(), updatedAt: row.updatedAt.toISOString(), consentAt: row.consentAt?.toISOString() ?? null });
      if (!found) return { session: null, result: { written: null } };
      const { session, id, status } = found;
      return { session, result: { written: id === null || status === null ? null : { id, status } } };
    },

    /** Gone for good (the person deleted it): pass codes and reviews go with it, log lines keep their copy. */
    async delete(id: string) {
      await db.delete(registrations).where(eq(registrations.id, id));
    },

    /** A registration of this person, or entered for their mobile, with no consent on record. */
    async withoutConsent(userId: string, mobileHash: string) {
      const [row] = await db
        .select({ poiId: registrations.poiId, community: communities.name })
        .from(registrations)
        .innerJoin(communities, eq(communities.poiId, registrations.poiId))
        .where(
          and(
            isNull(registrations.consentAt),
            or(eq(registrations.userId, userId), and(isNull(registrations.userId), eq(registrations.mobileHash, mobileHash))),
          ),
        )
        .orderBy(desc(registrations.updatedAt))
        .limit(1);
      return row ?? null;
    },

    /** The person agrees to the privacy notice for their own registration here. */
    async consent(poiId: string, userId: string, at: Date, version: string) {
      const [row] = await db
        .update(registrations)
        .set({ consentAt: at, consentVersion: version })
        .where(and(eq(registrations.poiId, poiId), eq(registrations.userId, userId)))
        .returning({ consentAt: registrations.consentAt });
      return row ?? null;
    },

    /** Re-submission: only from a state that allows it, so two tabs cannot both re-submit. */
    async resubmit(id: string, fromStatus: number, row: Partial<RegistrationWrite>) {
      const [updated] = await db
        .update(registrations)
        .set(row)
        .where(and(eq(registrations.id, id), eq(registrations.status, fromStatus)))
        .returning({ id: registrations.id, status: registrations.status });
      return updated ?? null;
    },

    /** Moves a registration between statuses and records who did it, in one transaction. */
    async transition(args: { id: string; from: number; to: number; by: string; at: Date; reason: string; expireTime?: string | null }) {
      return db.transaction(async (tx) => {
        const [updated] = await tx
          .update(registrations)
          .set({
            status: args.to,
            updatedAt: args.at,
            // Shown to the person while sent back; gone once it is approved.
            returnReason: args.to === -1 ? args.reason : '',
            // 撤销 (an approved pass taken back) is told apart from 退回 (sent back in review).
            revokedAt: args.from === 1 && args.to === -1 ? args.at : null,
            ...(args.expireTime !== undefined ? { expireTime: args.expireTime } : {}),
          })
          .where(and(eq(registrations.id, args.id), eq(registrations.status, args.from)))
          .returning({ id: registrations.id });
        if (!updated) return false;
        await tx.insert(registrationReviews).values({ registrationId: args.id, fromStatus: args.from, toStatus: args.to, reviewedBy: args.by, reason: args.reason, createdAt: args.at });
        return true;
      });
    },

    async reviews(registrationId: string) {
      return reviewsOf.execute({ registrationId });
    },

    /** The registration's vehicle plates, encrypted (the staff detail shows them whole). */
    async plates(registrationId: string) {
      const rows = await db.select({ plateEnc: vehiclePlates.plateEnc }).from(vehiclePlates).where(eq(vehiclePlates.registrationId, registrationId)).orderBy(asc(vehiclePlates.createdAt));
      return rows.map((r) => r.plateEnc);
    },

    /** A staff list page and the per-status counts, both under the same keyword filter. */
    async list(args: ListFilter & { page: number; pageSize: number }) {
      // The tab counts ignore the tab (status) but follow the keyword.
      const scope = filterOf({ poiId: args.poiId, keyword: args.keyword });
      // Without a keyword, one count per status is an index-only range scan (parallel on a pool);
      // with one, the matches are few and one grouped pass over them is cheaper.
      const counts = args.keyword
        ? db.select({ status: registrations.status, n: count() }).from(registrations).where(scope).groupBy(registrations.status)
        : Promise.all([0, 1, -1].map(async (status) => ({ status, n: await db.$count(registrations, and(scope, eq(registrations.status, status))) })));
      const [rows, tallies] = await Promise.all([
        base()
          .where(filterOf(args))
          .orderBy(desc(registrations.updatedAt), desc(registrations.id))
          .limit(args.pageSize)
          .offset((args.page - 1) * args.pageSize),
        counts,
      ]);
      const tally = (s: number) => tallies.find((c) => c.status === s)?.n ?? 0;
      return { rows, pending: tally(0), approved: tally(1), returned: tally(-1) };
    },

    /**
     * Export batches in list order, continuing after the last row of the previous batch (keyset).
     * Only the columns a sheet shows: on the embedded database reading each row's text costs the
     * event loop, and the encrypted values are read only for a whole (unmasked) export.
     */
    async batch(args: ListFilter & { after: KeysetCursor | null; limit: number; whole: boolean }) {
      const r = registrations;
      const after = olderThan(r.updatedAt, r.id, args.after);
      return db
        .select({
          id: r.id,
          cursorAt: cursorText(r.updatedAt),
          createdAt: r.createdAt,
          name: r.name,
          mobile: args.whole ? r.mobileEnc : r.mobileMasked,
          cardType: r.cardType,
          card: args.whole ? r.cardEnc : r.cardMasked,
          nationality: r.nationality,
          owner: r.owner,
          address: r.address,
          buildingNo: r.buildingNo,
          expireTime: r.expireTime,
          company: r.company,
          other: r.other,
          isReturn: r.isReturn,
          returnDate: r.returnDate,
          wuhan: r.wuhan,
          vehicle: r.vehicle,
          backup: r.backup,
          status: r.status,
          revokedAt: r.revokedAt,
          // Plates in one cell; the encrypted ones only for a whole export.
          // Spelled out: in a one-table select drizzle leaves column names unqualified, and inside
          // the subquery an unqualified "id" would be the plate's.
          plates: sql<string[]>`coalesce((select array_agg(vp.${sql.raw(args.whole ? 'plate_enc' : 'plate_masked')} order by vp.created_at) from vehicle_plates vp where vp.registration_id = "registrations"."id"), '{}')`,
        })
        .from(r)
        .where(and(filterOf(args), after))
        .orderBy(desc(r.updatedAt), desc(r.id))
        .limit(args.limit);
    },
  };
}
export type RegistrationRepo = ReturnType<typeof createRegistrationRepo>;
