import type { FastifyReply } from 'fastify';
import { beijingDate, startOfBeijingDay } from '@sq/contract/beijing-time';
import { EventMsg, SIGNUP_PAGE_SIZE, SIGNUP_STATUS_NAMES, type CheckinVia, type SignupStatus } from '@sq/contract/events/event-rules';
import type { SignupRow } from '@sq/contract/events/signups';
import { maskMobile } from '@sq/contract/rules';
import type { PiiCipher } from '../../lib/crypto';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import type { Slots } from '../../lib/slots';
import { attachment } from '../../lib/xlsx/attachment';
import { beijingCell } from '../../lib/xlsx/cells';
import { createXlsxStream, type SheetColumn } from '../../lib/xlsx/xlsx-stream';
import type { AuditRepo } from '../audit/repo';
import type { Caller } from '../auth/caller';
import { idOf } from '../board/board-access';
import { inExportSlot, MSG_WHOLE_NOT_ALLOWED } from '../pass/export-service';
import { decodeSignupCursor, encodeSignupCursor } from './signups-cursor';
import type { SignupListRow, SignupsManageRepo } from './signups-manage-repo';
import type { SignupsRepo } from './signups-repo';
import type { EventAccess } from './event-access';
import { unixSeconds } from './views';

const VIA_NAMES: Record<CheckinVia, string> = { scan: '扫码签到', offline: '离线扫码', door: '现场二维码', walkIn: '现场补登记' };
const COLUMNS: SheetColumn[] = [
  { header: '姓名', width: 14 },
  { header: '手机号', width: 14 },
  { header: '同行人数', width: 9 },
  { header: '备注', width: 24 },
  { header: '状态', width: 8 },
  { header: '候补位置', width: 9 },
  { header: '报名时间', width: 17, format: 'dateTime' },
  { header: '签到时间', width: 17, format: 'dateTime' },
  { header: '签到方式', width: 11 },
];
/** Rows read per query of an export (the pass exports' batch; a sign-up list is at most a few thousand). */
const BATCH = 200;

export interface SignupListQuery {
  status?: SignupStatus;
  cursor?: string;
}

/** 活动管理 › 报名名单 (issue 34 item 6): the list with attendance, its .xlsx, and walk-ins at the door. */
export function createSignupsManageService(deps: { repo: SignupsManageRepo; signups: SignupsRepo; access: EventAccess; audit: AuditRepo; pii: PiiCipher; slots: Slots; changed: (poiId: string) => void; now: () => Date }) {
  const { repo, signups, access, audit, pii, slots, changed, now } = deps;

  /** The event and the caller as staff of its community (403 for anyone else, 404 when there is none). */
  async function staffEvent(caller: Caller, id: string) {
    const event = await signups.event(idOf(id, EventMsg.notFound));
    if (!event) throw notFound(EventMsg.notFound);
    const scope = await access.staff(caller, event.poiId);
    return { event, scope };
  }

  const mobileOf = (r: SignupListRow, whole: boolean) => (r.mobileEnc ? (whole ? pii.decrypt(r.mobileEnc) : maskMobile(pii.decrypt(r.mobileEnc))) : '');

  const rowOf = (r: SignupListRow): SignupRow => ({
    id: r.id,
    name: r.name,
    mobile: mobileOf(r, false),
    companions: r.companions,
    note: r.note,
    status: r.status as SignupStatus,
    waitingPosition: r.waitingPosition,
    createdAt: unixSeconds(r.createdAt),
    checkedInAt: r.checkedInAt ? unixSeconds(r.checkedInAt) : null,
    via: r.via as CheckinVia | null,
    walkIn: r.walkIn,
  });

  return {
    async list(caller: Caller, id: string, q: SignupListQuery) {
      const { event } = await staffEvent(caller, id);
      const after = decodeSignupCursor(q.cursor);
      const [rows, counts] = await Promise.all([repo.page(event.id, { status: q.status, after, limit: SIGNUP_PAGE_SIZE + 1 }), repo.counts(event.id)]);
      const page = rows.slice(0, SIGNUP_PAGE_SIZE);
      const last = page[page.length - 1];
      return { signups: page.map(rowOf), next: rows.length > SIGNUP_PAGE_SIZE && last ? encodeSignupCursor({ at: last.cursorAt, id: last.id }) : null, counts };
    },

    /** The whole list as .xlsx (Beijing times, Chinese header): masked unless `whole`, which duty staff do not get; audited. */
    async export(caller: Caller, id: string, q: { status?: SignupStatus; whole: boolean }, reply: FastifyReply) {
      const { event, scope } = await staffEvent(caller, id);
      if (q.whole && scope.role.kind === 'duty') throw forbidden(MSG_WHOLE_NOT_ALLOWED);
      await inExportSlot(slots, caller.userId, async () => {
        reply.hijack();
        attachment(reply, `${event.title}-报名名单-${beijingDate(now()).replaceAll('-', '')}.xlsx`);
        const xlsx = await createXlsxStream(reply.raw, '报名名单', COLUMNS);
        for (let after = null as SignupListRow | null; ; ) {
          const rows = await repo.page(event.id, { status: q.status, after: after && { at: after.cursorAt, id: after.id }, limit: BATCH });
          await xlsx.addRows(
            rows.map((r) => [
              r.name,
              mobileOf(r, q.whole),
              r.companions,
              r.note,
              SIGNUP_STATUS_NAMES[r.status as SignupStatus] ?? r.status,
              r.waitingPosition ?? '',
              beijingCell(r.createdAt),
              r.checkedInAt ? beijingCell(r.checkedInAt) : '',
              r.via ? (VIA_NAMES[r.via as CheckinVia] ?? r.via) : '',
            ]),
          );
          if (rows.length < BATCH) break;
          after = rows[rows.length - 1]!;
        }
        // On record before the file is complete: no finished export goes unaudited.
        await audit.record({ actorId: caller.userId, action: 'eventSignups.export', poiId: scope.poiId, subjectId: event.id, rows: xlsx.rowCount, detail: { whole: q.whole, status: q.status ?? null } });
        await xlsx.finish();
      });
    },

    /** From the Beijing day the event starts until it ends; not limited by its places. */
    async walkIn(caller: Caller, id: string, body: { name: string; companions: number }) {
      const { event, scope } = await staffEvent(caller, id);
      const at = now();
      if (event.status === 'cancelled') throw badRequest(EventMsg.cancelled);
      if (event.status !== 'published') throw badRequest(EventMsg.notPublished);
      if (at < startOfBeijingDay(beijingDate(event.startsAt))) throw badRequest(EventMsg.checkinNotOpen);
      if (at >= event.endsAt) throw badRequest(EventMsg.ended);
      const { row, attended } = await repo.walkIn({ eventId: event.id, poiId: scope.poiId, name: body.name, companions: body.companions, staffId: caller.userId, now: at });
      changed(scope.poiId);
      return { signup: rowOf(row), attended };
    },
  };
}
export type SignupsManageService = ReturnType<typeof createSignupsManageService>;
