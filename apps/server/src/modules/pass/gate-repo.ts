import { and, desc, eq, gte, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import { endOfBeijingDay, startOfBeijingDay } from '@sq/contract/beijing-time';
import { preparedSql, rowsOf, type Db } from '../../db/client';
import { alias } from 'drizzle-orm/pg-core';
import { communities, entryLogs, passCodes, registrations, users } from '../../db/schema';
import { advanceGateState, lockGateState } from './gate-state';
import { RegistrationStatus } from '@sq/contract/pass/registration-schemas';
import { PASS_EVENTS_CHANNEL } from './pass-events';
import { standingColumns } from '../access/repo';
import { cursorText, olderThan, type KeysetCursor } from '../../db/keyset';
import { reviewsAndPlates } from './registration-repo';

interface ScanContextArgs {
  userId: string;
  poiId: string;
  registrationId: string;
  direction: number;
}

/** Thrown inside the scan transaction to undo the code's use when the pass is no longer valid. */
class PassNoLongerValid extends Error {}
/** Thrown inside the scan transaction when the pass was already used at this step or later. */
class AlreadyUsed extends Error {}
/** Thrown inside the scan transaction when the pass is logged inside already (anti-passback). */
class AlreadyInside extends Error {
  constructor(readonly enteredAt: Date) {
    super('inside');
  }
}

/**
 * When the pass was last logged in, if that entry is within the community's re-entry window (its
 * own minutes, else `defaultMinutes`; 0: no window): a scalar subquery, null otherwise. The values
 * may be placeholders (the prepared use) or values.
 */
function enteredWithin(registrationId: unknown, poiId: unknown, at: SQL, defaultMinutes: unknown) {
  return sql`select l.created_at
      from (select coalesce((select reentry_minutes from gate_settings where poi_id = ${poiId}), ${defaultMinutes}::int) as minutes) s
      join lateral (
        select direction, created_at from entry_logs where registration_id = ${registrationId} order by created_at desc, id desc limit 1
      ) l on l.direction = 1 and s.minutes > 0 and l.created_at > ${at} - make_interval(mins => s.minutes)`;
}

interface UseArgs {
  registrationId: string;
  poiId: string;
  /** The code's direction: its use spends that direction's codes. */
  direction: number;
  /** The direction the log records (a rush-hour scanner's gate; else the code's). */
  logDirection: number;
  step: number;
  codeHash: string;
  expiresAt: Date;
  by: string;
  at: Date;
  /** How many steps after a used one are spent too: codes up to `used + spentAfter` are refused. */
  spentAfter: number;
  /**
   * What the pass's validity was judged on (the scan's context read): the one statement writes only
   * while the row still says so; else the deciding transaction reads it again under its lock.
   */
  seen: PassFields;
  /** Whether the pass lets its holder through today, judged on these fields. */
  stillValid: (registration: PassFields) => boolean;
  /** The community's re-entry window when it set none (minutes; 0: no check). */
  defaultReentryMinutes: number;
  /** The pass channel the change is announced on. */
  channel: string;
}
type PassFields = Pick<typeof registrations.$inferSelect, 'status' | 'owner' | 'expireTime' | 'isReturn' | 'returnDate'>;
type UseOutcome = { ok: true } | { ok: false; reason: 'used' | 'invalid' } | { ok: false; reason: 'inside'; enteredAt: Date };


/** Single-use pass codes and the entry/exit log they write (DESIGN.md §6). */
export function createGateRepo(db: Db) {
  // Every scan and every waiting page's question starts here: built once and prepared.
  const id = sql.placeholder('id');
  const passQuery = db
    .select({ id: registrations.id, poiId: registrations.poiId, userId: registrations.userId, name: registrations.name, owner: registrations.owner, status: registrations.status, expireTime: registrations.expireTime, isReturn: registrations.isReturn, returnDate: registrations.returnDate })
    .from(registrations)
    .where(eq(registrations.id, id))
    .limit(1);
  const lastUseQuery = db
    .select({ step: passCodes.step, isUse: passCodes.isUse, usedAt: passCodes.usedAt, usedBy: passCodes.usedBy, codeHash: passCodes.codeHash })
    .from(passCodes)
    .where(and(eq(passCodes.registrationId, id), eq(passCodes.direction, sql.placeholder('direction')), isNotNull(passCodes.step)))
    .orderBy(desc(passCodes.step))
    .limit(1);
  const passById = passQuery.prepare('gate_pass_by_id');
  const lastUse = lastUseQuery.prepare('gate_last_use');

  /**
   * A scan's reads in one statement: the scanner's standing in the community (no row: no such
   * community), the pass the code names and its last use in the code's direction. The staff
   * scan's variant also reads what it shows (the registration whole, with its reviews and plates,
   * when it is this community's), so that a scan is one read and its audit line, written with
   * others at the same moment (audit/repo): about twice the scans a second of two reads and a
   * write each (bench/README.md, staff scan).
   */
  const pass = passQuery.as('pass');
  const last = lastUseQuery.as('last_use');
  const context = {
    standing: standingColumns(sql.placeholder('userId'), communities.poiId),
    pass: { id: pass.id, poiId: pass.poiId, userId: pass.userId, name: pass.name, owner: pass.owner, status: pass.status, expireTime: pass.expireTime, isReturn: pass.isReturn, returnDate: pass.returnDate },
    lastUse: { step: last.step, isUse: last.isUse, usedAt: last.usedAt, usedBy: last.usedBy, codeHash: last.codeHash },
  };
  const scanContext = db
    .select(context)
    .from(communities)
    .leftJoinLateral(pass, sql`true`)
    .leftJoinLateral(last, sql`true`)
    .where(eq(communities.poiId, sql.placeholder('poiId')))
    .prepare('gate_scan_context');
  const viewed = alias(registrations, 'viewed');
  const viewedOwner = alias(users, 'viewed_owner');
  const scanContextWithView = db
    .select({ ...context, viewed, viewedOpenId: viewedOwner.openId, community: communities.name, ...reviewsAndPlates(viewed.id) })
    .from(communities)
    .leftJoinLateral(pass, sql`true`)
    .leftJoinLateral(last, sql`true`)
    .leftJoin(viewed, and(eq(viewed.id, id), eq(viewed.poiId, communities.poiId)))
    .leftJoin(viewedOwner, eq(viewedOwner.id, viewed.userId))
    .where(eq(communities.poiId, sql.placeholder('poiId')))
    .prepare('gate_scan_context_view');


  /**
   * A use as one statement (issue 32 item 15: a first scan was a transaction of five round trips).
   * The pass's row in pass_gate_states is the lock: two gates using the same pass meet there, and
   * the one that waited has its conditions checked again on the row as the other left it
   * (PostgreSQL re-reads a row it waited for). The spent step and the re-entry window are checked
   * on that row and, for what other writers left (offline uploads, a node of the release before
   * during a rolling upgrade), on what the statement sees of pass_codes and entry_logs. Writes
   * nothing (answers false) when the pass is no longer as `seen`, or a check fails.
   */
  const p = sql.placeholder;
  const at = sql`${p('at')}::timestamptz`;
  const reentry = sql`coalesce((select reentry_minutes from gate_settings where poi_id = ${p('poiId')}), ${p('defaultMinutes')}::int)`;
  const useAtOnceStatement = preparedSql<{ used: number }>(
    db,
    'gate_use_at_once',
    sql`
      with reg as (
        select id, name, mobile_enc, mobile_masked, owner from registrations
        where id = ${p('id')} and poi_id = ${p('poiId')} and status = ${RegistrationStatus.approved}
          and owner = ${p('owner')} and expire_time is not distinct from ${p('expireTime')}::date
      ), used as (
        insert into pass_gate_states as g (registration_id, in_step, out_step, last_direction, last_at)
        select reg.id, case when ${p('direction')}::int = 1 then ${p('step')}::int end, case when ${p('direction')}::int = 2 then ${p('step')}::int end, ${p('logDirection')}::smallint, ${at} from reg
        where coalesce((select max(step) from pass_codes where registration_id = ${p('id')} and direction = ${p('direction')}::int) + ${p('spentAfter')}::int < ${p('step')}::int, true)
          and (${p('logDirection')}::int <> 1 or not exists (${enteredWithin(p('id'), p('poiId'), at, p('defaultMinutes'))}))
        on conflict (registration_id) do update set
          in_step = coalesce(excluded.in_step, g.in_step),
          out_step = coalesce(excluded.out_step, g.out_step),
          last_direction = case when g.last_at > excluded.last_at then g.last_direction else excluded.last_direction end,
          last_at = greatest(g.last_at, excluded.last_at)
        where coalesce(case when ${p('direction')}::int = 1 then g.in_step else g.out_step end + ${p('spentAfter')}::int < ${p('step')}::int, true)
          and (${p('logDirection')}::int <> 1 or g.last_direction is distinct from 1 or g.last_at <= ${at} - make_interval(mins => ${reentry}))
        returning g.registration_id
      ), log as (
        insert into entry_logs (poi_id, registration_id, name, mobile_enc, mobile_masked, owner, direction, scanned_by, created_at)
        select ${p('poiId')}, reg.id, reg.name, reg.mobile_enc, reg.mobile_masked, reg.owner, ${p('logDirection')}::smallint, ${p('by')}::uuid, ${at} from reg join used on true
      ), code as (
        insert into pass_codes (code_hash, registration_id, poi_id, direction, step, expires_at, used_at, used_by, is_use, created_at)
        select ${p('codeHash')}, registration_id, ${p('poiId')}, ${p('direction')}::smallint, ${p('step')}::int, ${p('expiresAt')}::timestamptz, ${at}, ${p('by')}::uuid, 1, ${at} from used
      )
      select count(pg_notify(${PASS_EVENTS_CHANNEL}, ${p('channel')}))::int as used from used`,
  );
  /** The use as that one statement: true when it was recorded. */
  async function useAtOnce(a: UseArgs): Promise<boolean> {
    const [row] = await useAtOnceStatement.execute({
      id: a.registrationId,
      poiId: a.poiId,
      owner: a.seen.owner,
      expireTime: a.seen.expireTime,
      direction: a.direction,
      logDirection: a.logDirection,
      step: a.step,
      spentAfter: a.spentAfter,
      at: a.at.toISOString(),
      defaultMinutes: a.defaultReentryMinutes,
      by: a.by,
      codeHash: a.codeHash,
      expiresAt: a.expiresAt.toISOString(),
      channel: a.channel,
    });
    return row!.used > 0;
  }

  /**
   * The use decided in a transaction that says why it is refused: the pass's gate state and its
   * registration locked and read afresh (a revocation may have just happened), then the same
   * checks as `useAtOnce`.
   */
  async function useDeciding(args: UseArgs): Promise<UseOutcome> {
    try {
      return await db.transaction(async (tx) => {
        // Locks the pass's gate state (made if new) as useAtOnce does, and reads it as it stands.
        const state = await lockGateState(tx, args.registrationId);
        const [registration] = await tx.select().from(registrations).where(eq(registrations.id, args.registrationId)).for('update');
        if (!registration || !args.stillValid(registration)) throw new PassNoLongerValid();
        // Read after the locks are held (a statement of its own: it sees what their last holder
        // committed): the direction's last spent step and, for an entry, whether the pass is
        // logged inside within the community's window (so two gates cannot both let it in).
        const [seen] = rowsOf<{ last_step: string | null; entered_at: string | null }>(
          await tx.execute(sql`select
            (select ${passCodes.step} from ${passCodes} where ${passCodes.registrationId} = ${args.registrationId} and ${passCodes.direction} = ${args.direction} and ${passCodes.step} is not null
              order by ${passCodes.step} desc limit 1) as last_step,
            ${args.logDirection === 1 ? sql`(${enteredWithin(args.registrationId, args.poiId, sql`${args.at.toISOString()}::timestamptz`, args.defaultReentryMinutes)})` : sql`null`} as entered_at`),
        );
        const lastStep = Math.max(seen?.last_step != null ? Number(seen.last_step) : -Infinity, (args.direction === 1 ? state.inStep : state.outStep) ?? -Infinity);
        if (lastStep !== -Infinity && args.step <= lastStep + args.spentAfter) throw new AlreadyUsed();
        if (seen?.entered_at) throw new AlreadyInside(new Date(seen.entered_at));
        // The use and its log line in one statement (the log in a CTE).
        const logLine = tx.$with('entry_log_in').as(
          tx.insert(entryLogs).values({
            poiId: args.poiId,
            registrationId: registration.id,
            name: registration.name,
            mobileEnc: registration.mobileEnc,
            mobileMasked: registration.mobileMasked,
            owner: registration.owner,
            direction: args.logDirection,
            scannedBy: args.by,
            createdAt: args.at,
          }),
        );
        await tx.with(logLine).insert(passCodes).values({
          codeHash: args.codeHash,
          registrationId: args.registrationId,
          poiId: args.poiId,
          direction: args.direction,
          step: args.step,
          expiresAt: args.expiresAt,
          usedAt: args.at,
          usedBy: args.by,
          isUse: 1,
          createdAt: args.at,
        });
        await advanceGateState(tx, args.registrationId, args);
        await tx.execute(sql`select pg_notify(${PASS_EVENTS_CHANNEL}, ${args.channel})`);
        return { ok: true as const };
      });
    } catch (e) {
      if (e instanceof PassNoLongerValid) return { ok: false, reason: 'invalid' };
      if (e instanceof AlreadyUsed) return { ok: false, reason: 'used' };
      if (e instanceof AlreadyInside) return { ok: false, reason: 'inside', enteredAt: e.enteredAt };
      throw e;
    }
  }

  return {
    /** The registration a code names, with what its page and the scan need. */
    async findPass(registrationId: string) {
      const [row] = await passById.execute({ id: registrationId });
      return row ?? null;
    },

    /** See scanContext: null when the community does not exist. */
    async scanContext(args: ScanContextArgs) {
      const [row] = await scanContext.execute({ userId: args.userId, poiId: args.poiId, id: args.registrationId, direction: args.direction });
      return row ?? null;
    },

    /** The same with what a staff scan shows (`view`: null when the code names no registration of this community). */
    async scanContextWithView(args: ScanContextArgs) {
      const [row] = await scanContextWithView.execute({ userId: args.userId, poiId: args.poiId, id: args.registrationId, direction: args.direction });
      if (!row) return null;
      const { viewed, viewedOpenId, community, reviews, plates, ...rest } = row;
      const view = viewed && { row: { registration: viewed, openId: viewedOpenId, community }, reviews: reviews.map((v) => ({ ...v, at: new Date(v.at) })), plates };
      return { ...rest, view };
    },

    /** The pass's latest use in one direction (its step decides which codes are spent). */
    async lastUse(registrationId: string, direction: number) {
      const [row] = await lastUse.execute({ id: registrationId, direction });
      return row ?? null;
    },

    /**
     * The gate scan: records the code's use and its log line, so a step lets one person through
     * once and a log line exists exactly when a code was used, and announces the change (NOTIFY,
     * sent at commit). Tried first as one statement (`useAtOnce`); when that writes nothing it is
     * decided again in a transaction that says why (`useDeciding`).
     */
    async useCode(args: UseArgs): Promise<UseOutcome> {
      if (args.stillValid(args.seen) && (await useAtOnce(args))) return { ok: true };
      return useDeciding(args);
    },
    /** A scanned code the staff member sends back: the waiting page learns it (isUse -1). */
    async markSentBack(codeHash: string, registrationId: string) {
      await db
        .update(passCodes)
        .set({ isUse: -1 })
        .where(and(eq(passCodes.codeHash, codeHash), eq(passCodes.registrationId, registrationId)));
    },

    /** Export batches, newest first, continuing after the previous batch's last row (keyset). */
    async logBatch(poiId: string, after: KeysetCursor | null, limit: number, days: LogDays = {}) {
      const rows = await db
        .select({ log: entryLogs, cursorAt: cursorText(entryLogs.createdAt) })
        .from(entryLogs)
        .where(and(eq(entryLogs.poiId, poiId), ...withinDays(days), olderThan(entryLogs.createdAt, entryLogs.id, after)))
        .orderBy(desc(entryLogs.createdAt), desc(entryLogs.id))
        .limit(limit);
      return rows.map((r) => ({ ...r.log, cursor: { at: r.cursorAt, id: r.log.id } }));
    },

    async listLogs(poiId: string, page: number, pageSize: number, days: LogDays = {}) {
      return db
        .select()
        .from(entryLogs)
        .where(and(eq(entryLogs.poiId, poiId), ...withinDays(days)))
        .orderBy(desc(entryLogs.createdAt), desc(entryLogs.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
    },
  };
}
export type GateRepo = ReturnType<typeof createGateRepo>;

/** Beijing days (YYYY-MM-DD, both inclusive) that 出入记录 and its export are limited to. */
export interface LogDays {
  from?: string;
  to?: string;
}

/** The (poi_id, created_at) index serves the range as it serves the order. */
function withinDays({ from, to }: LogDays) {
  return [from ? gte(entryLogs.createdAt, startOfBeijingDay(from)) : undefined, to ? lte(entryLogs.createdAt, endOfBeijingDay(to)) : undefined];
}
