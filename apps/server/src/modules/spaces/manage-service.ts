import { addDays, beijingDate, beijingDateTime, isIsoDate, startOfBeijingDay } from '@sq/contract/beijing-time';
import { maskMobile } from '@sq/contract/rules';
import { WebRoute } from '@sq/contract/routes';
import { SPACES_PER_COMMUNITY, SpaceMsg, type BookingStatus, type WeekHours } from '@sq/contract/spaces/space-rules';
import type { BookingRow } from '@sq/contract/spaces/spaces';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { PiiCipher } from '../../lib/crypto';
import type { AccessService } from '../access/service';
import type { AuditRepo } from '../audit/repo';
import type { Caller } from '../auth/caller';
import { idOf } from '../board/board-access';
import type { ContentChecks } from '../content/checks';
import type { NotificationService } from '../notifications/service';
import type { BookingsRepo } from './bookings-repo';
import type { SpacesRepo } from './spaces-repo';
import { spaceOf, unixSeconds } from './views';

type SaveBody = {
  poiId: string;
  id?: string;
  name: string;
  description: string;
  rules: string;
  hours: WeekHours;
  slotMinutes: number;
  needsApproval: boolean;
  weeklyMinutes: number | null;
  daysAhead: number;
  active: boolean;
};

/**
 * 场地管理 (/areamanage): managers and administrators create and edit spaces; every staff member
 * sees the day's bookings with who (screen name, masked mobile) and approves or turns down those
 * that wait (the person is told; audited).
 */
export function createSpacesManageService(deps: { spaces: SpacesRepo; bookings: BookingsRepo; access: AccessService; audit: AuditRepo; checks: ContentChecks; notices: NotificationService; pii: PiiCipher; now: () => Date }) {
  const { spaces, bookings, access, audit, checks, notices, pii, now } = deps;

  type Listed = Awaited<ReturnType<BookingsRepo['staffList']>>[number];
  const rowOf = (r: Listed): BookingRow => ({
    id: r.booking.id,
    spaceId: r.booking.spaceId,
    spaceName: r.spaceName,
    startsAt: unixSeconds(r.booking.startsAt),
    endsAt: unixSeconds(r.booking.endsAt),
    purpose: r.booking.purpose,
    status: r.booking.status as BookingStatus,
    reviewNote: r.booking.reviewNote,
    person: r.username !== null && r.mobileEnc !== null ? { name: r.username, mobile: maskMobile(pii.decrypt(r.mobileEnc)) } : null,
    event: r.booking.eventId && r.eventTitle !== null ? { id: r.booking.eventId, title: r.eventTitle } : null,
    createdAt: unixSeconds(r.booking.createdAt),
  });

  const text = async (poiId: string, value: string) => (value ? (await checks.check(poiId, value, { showPhone: true })).text : '');

  return {
    async save(caller: Caller, body: SaveBody) {
      const scope = await access.requireStaff(caller, body.poiId);
      if (scope.role.kind === 'duty') throw forbidden(SpaceMsg.notStaff);
      const fields = {
        name: await text(scope.poiId, body.name),
        description: await text(scope.poiId, body.description),
        rules: await text(scope.poiId, body.rules),
        hours: body.hours,
        slotMinutes: body.slotMinutes,
        needsApproval: body.needsApproval,
        weeklyMinutes: body.weeklyMinutes,
        daysAhead: body.daysAhead,
        active: body.active,
      };
      const at = now();
      let saved;
      if (body.id) {
        saved = await spaces.update(idOf(body.id, SpaceMsg.notFound), scope.poiId, fields, at);
        if (!saved) throw notFound(SpaceMsg.notFound);
      } else {
        if ((await spaces.count(scope.poiId)) >= SPACES_PER_COMMUNITY) throw conflict(SpaceMsg.tooManySpaces);
        saved = await spaces.create(scope.poiId, fields, at);
      }
      await audit.record({ actorId: caller.userId, action: body.id ? 'space.edit' : 'space.create', poiId: scope.poiId, subjectId: saved.id, detail: { name: saved.name, active: saved.active } });
      return { space: spaceOf(saved) };
    },

    async list(caller: Caller, poiId: string) {
      const scope = await access.requireStaff(caller, poiId);
      const [all, pending] = await Promise.all([spaces.list(scope.poiId, true), bookings.pendingCount(scope.poiId, now())]);
      return { spaces: all.map(spaceOf), pending };
    },

    async day(caller: Caller, query: { poiId: string; date?: string; spaceId?: string; pending?: '0' | '1' }) {
      const scope = await access.requireStaff(caller, query.poiId);
      const date = query.date ?? beijingDate(now());
      if (!isIsoDate(date)) throw badRequest(SpaceMsg.date);
      const spaceId = query.spaceId ? idOf(query.spaceId, SpaceMsg.notFound) : undefined;
      const rows =
        query.pending === '1'
          ? await bookings.staffList(scope.poiId, { spaceId, pendingAfter: now() })
          : await bookings.staffList(scope.poiId, { spaceId, from: startOfBeijingDay(date), to: startOfBeijingDay(addDays(date, 1)) });
      return { date, bookings: rows.map(rowOf) };
    },

    async review(caller: Caller, body: { poiId: string; id: string; approve: boolean; note: string }) {
      const scope = await access.requireStaff(caller, body.poiId);
      const found = await bookings.find(idOf(body.id, SpaceMsg.bookingNotFound));
      if (!found || found.booking.poiId !== scope.poiId) throw notFound(SpaceMsg.bookingNotFound);
      if (!body.approve && !body.note) throw badRequest(SpaceMsg.reasonRequired);
      const at = now();
      const row = await bookings.setStatus(found.booking.id, ['pending'], { status: body.approve ? 'approved' : 'rejected', reviewNote: body.note || null, reviewedBy: caller.userId, reviewedAt: at });
      if (!row) throw conflict(SpaceMsg.notPending);
      await audit.record({ actorId: caller.userId, action: body.approve ? 'space.booking.approve' : 'space.booking.reject', poiId: scope.poiId, subjectId: row.id, detail: { note: body.note } });
      if (row.userId) {
        await notices.albumsAndSpaces({
          userId: row.userId,
          kind: 'spaceBooking',
          poiId: scope.poiId,
          what: found.spaceName,
          at: beijingDateTime(row.startsAt),
          reason: body.approve ? '已通过审核，请按时使用。' : `未通过审核，原因：${body.note}`,
          link: `${WebRoute.spaces}?id=${row.spaceId}`,
          event: `review:${row.id}`,
        });
      }
      const [listed] = await bookings.staffList(scope.poiId, { id: row.id });
      return { booking: rowOf(listed!) };
    },

    /** A booking still to come, cancelled by staff with a reason the person is told; events' reservations excepted. */
    async cancel(caller: Caller, body: { poiId: string; id: string; note: string }) {
      const scope = await access.requireStaff(caller, body.poiId);
      const found = await bookings.find(idOf(body.id, SpaceMsg.bookingNotFound));
      if (!found || found.booking.poiId !== scope.poiId) throw notFound(SpaceMsg.bookingNotFound);
      if (found.booking.eventId) throw badRequest(SpaceMsg.eventBooking);
      if (found.booking.endsAt <= now()) throw conflict(SpaceMsg.notCancellable);
      const note = await text(scope.poiId, body.note);
      const at = now();
      const row = await bookings.setStatus(found.booking.id, ['pending', 'approved'], { status: 'cancelled', reviewNote: note, reviewedBy: caller.userId, reviewedAt: at });
      if (!row) throw conflict(SpaceMsg.notCancellable);
      await audit.record({ actorId: caller.userId, action: 'space.booking.cancel', poiId: scope.poiId, subjectId: row.id, detail: { note } });
      if (row.userId) {
        await notices.albumsAndSpaces({
          userId: row.userId,
          kind: 'spaceBooking',
          poiId: scope.poiId,
          what: found.spaceName,
          at: beijingDateTime(row.startsAt),
          reason: `已被工作人员取消，原因：${note}`,
          link: `${WebRoute.spaces}?id=${row.spaceId}`,
          event: `cancel:${row.id}`,
        });
      }
      const [listed] = await bookings.staffList(scope.poiId, { id: row.id });
      return { booking: rowOf(listed!) };
    },
  };
}
export type SpacesManageService = ReturnType<typeof createSpacesManageService>;
