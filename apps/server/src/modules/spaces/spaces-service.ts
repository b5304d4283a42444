import { addDays, beijingDate, isIsoDate, startOfBeijingDay } from '@sq/contract/beijing-time';
import { SpaceMsg } from '@sq/contract/spaces/space-rules';
import type { Db } from '../../db/client';
import { inTurn } from '../../db/in-turn';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { AccessService } from '../access/service';
import type { Caller } from '../auth/caller';
import { idOf } from '../board/board-access';
import type { ContentChecks } from '../content/checks';
import { isOverlap, type BookingsRepo } from './bookings-repo';
import { bookableDays, placeOf, slotsOf, weekOf } from './slots';
import type { SpacesRepo } from './spaces-repo';
import { myBookingOf, spaceOf, unixSeconds } from './views';

/**
 * /area for residents (requireResident: a pass, a home, or staff): the spaces, a day's slots, booking
 * and cancelling. Overlaps are refused by the table's exclusion constraint (parallel requests
 * cannot both win); the weekly minutes are counted in the person's turn on the space.
 */
export function createSpacesService(deps: { db: Db; spaces: SpacesRepo; bookings: BookingsRepo; access: AccessService; checks: ContentChecks; now: () => Date }) {
  const { db, spaces, bookings, access, checks, now } = deps;
  const resident = (caller: Caller, poiId: string) => access.requireResident(caller, poiId, beijingDate(now()));

  /** An active space, its community checked first. */
  async function openSpace(caller: Caller, id: string) {
    const space = await spaces.find(idOf(id, SpaceMsg.notFound));
    if (!space) throw notFound(SpaceMsg.notFound);
    const scope = await resident(caller, space.poiId);
    if (!space.active) throw notFound(SpaceMsg.notFound);
    return { space, scope };
  }

  return {
    async list(caller: Caller, poiId: string) {
      const scope = await resident(caller, poiId);
      return { spaces: (await spaces.list(scope.poiId, false)).map(spaceOf) };
    },

    async day(caller: Caller, id: string, date: string | undefined) {
      const { space } = await openSpace(caller, id);
      const at = now();
      const today = beijingDate(at);
      const day = date ?? today;
      if (!isIsoDate(day) || day < today) throw badRequest(SpaceMsg.date);
      if (day > addDays(today, space.daysAhead)) throw badRequest(SpaceMsg.tooFar(space.daysAhead));
      const from = startOfBeijingDay(day);
      const held = await bookings.holding(space.id, from, startOfBeijingDay(addDays(day, 1)));
      const week = weekOf(day);
      const slots = slotsOf(day, space.hours, space.slotMinutes).map((s) => {
        const over = held.filter((b) => b.startsAt < s.endsAt && b.endsAt > s.startsAt);
        const state = over.some((b) => b.userId === caller.userId) ? 'mine' : over.length ? 'taken' : s.startsAt <= at ? 'past' : 'free';
        return { startsAt: unixSeconds(s.startsAt), endsAt: unixSeconds(s.endsAt), state } as const;
      });
      return {
        space: spaceOf(space),
        date: day,
        days: bookableDays(today, space.daysAhead),
        slots,
        weekUsed: await bookings.minutesHeld(db, space.id, caller.userId, week.from, week.to),
      };
    },

    async book(caller: Caller, id: string, body: { startsAt: number; slots: number; purpose: string }) {
      const { space, scope } = await openSpace(caller, id);
      const at = now();
      const startsAt = new Date(body.startsAt * 1000);
      const minutes = body.slots * space.slotMinutes;
      const endsAt = new Date(startsAt.getTime() + minutes * 60_000);
      if (startsAt <= at) throw badRequest(SpaceMsg.past);
      if (beijingDate(startsAt) > addDays(beijingDate(at), space.daysAhead)) throw badRequest(SpaceMsg.tooFar(space.daysAhead));
      const place = placeOf(startsAt, minutes, space.hours, space.slotMinutes);
      if (place === 'outside') throw badRequest(SpaceMsg.outsideHours);
      if (place === 'offGrid') throw badRequest(SpaceMsg.offGrid);
      // Only staff read the purpose; a mobile or ID number in it is masked all the same.
      const purpose = body.purpose ? (await checks.check(scope.poiId, body.purpose, { showPhone: false })).text : '';
      const week = weekOf(beijingDate(startsAt));
      try {
        const booking = await inTurn(db, [['space-bookings', `${space.id} ${caller.userId}`]], async (tx) => {
          if (space.weeklyMinutes !== null) {
            const used = await bookings.minutesHeld(tx, space.id, caller.userId, week.from, week.to);
            if (used + minutes > space.weeklyMinutes) throw conflict(SpaceMsg.weekly(space.weeklyMinutes, Math.max(0, space.weeklyMinutes - used)));
          }
          return bookings.insert(tx, {
            spaceId: space.id,
            poiId: space.poiId,
            userId: caller.userId,
            startsAt,
            endsAt,
            purpose,
            status: space.needsApproval ? 'pending' : 'approved',
            createdAt: at,
          });
        });
        return { booking: myBookingOf(booking, space.name, at) };
      } catch (e) {
        if (isOverlap(e)) throw conflict(SpaceMsg.taken);
        throw e;
      }
    },

    async mine(caller: Caller, poiId: string) {
      const scope = await resident(caller, poiId);
      const at = now();
      return { bookings: (await bookings.mine(scope.poiId, caller.userId, at)).map((r) => myBookingOf(r.booking, r.spaceName, at)) };
    },

    /** The person's own booking, before it starts; anyone else is checked against the community first. */
    async cancel(caller: Caller, id: string) {
      const found = await bookings.find(idOf(id, SpaceMsg.bookingNotFound));
      if (!found) throw notFound(SpaceMsg.bookingNotFound);
      if (found.booking.userId !== caller.userId) {
        await resident(caller, found.booking.poiId);
        throw forbidden(SpaceMsg.notYours);
      }
      const at = now();
      if (found.booking.startsAt <= at) throw conflict(SpaceMsg.notCancellable);
      const row = await bookings.setStatus(found.booking.id, ['pending', 'approved'], { status: 'cancelled' });
      if (!row) throw conflict(SpaceMsg.notCancellable);
      return { booking: myBookingOf(row, found.spaceName, at) };
    },
  };
}
export type SpacesService = ReturnType<typeof createSpacesService>;
