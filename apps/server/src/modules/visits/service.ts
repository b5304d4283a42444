import type { FastifyReply } from 'fastify';
import { beijingDate, beijingDateTime, startOfBeijingDay } from '@sq/contract/beijing-time';
import { CARD_TYPE_LABEL, type CardType } from '@sq/contract/documents/document-types';
import { PassType } from '@sq/contract/pass/pass-view';
import { compact } from '@sq/contract/pass/registration-rules';
import { checkDocument } from '@sq/contract/documents/document-checks';
import { codeStepAt, codeWindowEnd } from '@sq/contract/pass/code-steps';
import { passCodeAt } from '@sq/contract/pass/rotating-code';
import { PRIVACY_NOTICE_VERSION } from '@sq/contract/privacy/notice';
import { maskMobile, MOBILE_PATTERN } from '@sq/contract/rules';
import { WebRoute } from '@sq/contract/routes';
import { INVITATION_PAGE_SIZE, MSG_VISIT_SETTING, type InvitationView } from '@sq/contract/visits/invitations';
import { checkInvitation } from '@sq/contract/visits/visit-rules';
import {
  INVITATIONS_PER_DAY,
  RESIDENT_SMS_ABROAD_PER_COMMUNITY_PER_DAY,
  RESIDENT_SMS_PER_COMMUNITY_PER_DAY,
  VISIT_EXIT_GRACE_HOURS,
  VisitMsg,
  VISIT_STATUS_LABEL,
  visitRefusal,
  visitStatus,
  visitWindowText,
} from '@sq/contract/visits/visit-window';
import { maskDocument } from '@sq/contract/documents/document-types';
import { maskPlate } from '@sq/contract/vehicles/plate-rules';
import type { PiiCipher } from '../../lib/crypto';
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from '../../lib/errors';
import type { Slots } from '../../lib/slots';
import { attachment } from '../../lib/xlsx/attachment';
import { beijingCell } from '../../lib/xlsx/cells';
import { createXlsxStream, type SheetColumn } from '../../lib/xlsx/xlsx-stream';
import type { AccessService } from '../access/service';
import type { AuditRepo } from '../audit/repo';
import type { Caller } from '../auth/caller';
import type { NotificationService } from '../notifications/service';
import { inExportSlot, MSG_WHOLE_NOT_ALLOWED } from '../pass/export-service';
import type { GateKeys } from '../pass/gate-keys';
import type { PassKeys } from '../pass/pass-keys';
import { isUsable, passState } from '../pass/pass-state';
import type { RegistrationService } from '../pass/registration-service';
import type { InvitationRow, VisitRepo } from './repo';
import { invitationIdOfToken, storedVisitLink, visitTokenOf } from './token';
import { windowOf } from './views';
import { PassKeyMsg } from '@sq/contract/pass/register-pass-key';
import type { PassView } from '@sq/contract/pass/pass-view';

interface Deps {
  repo: VisitRepo;
  registrations: Pick<RegistrationService, 'ownRegistration'>;
  access: AccessService;
  keys: GateKeys;
  /** The phones' signing keys (pass/pass-keys.ts): the visitor's phone registers its own too. */
  passKeys: PassKeys;
  audit: AuditRepo;
  pii: PiiCipher;
  notices: Pick<NotificationService, 'visitorInvited'>;
  slots: Slots;
  communityName: (poiId: string) => Promise<string>;
  now: () => Date;
  publicOrigin?: string;
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
/** How long the phone may make codes without reaching the server: a visit is short, a day is plenty. */
const OFFLINE_MS = 86_400_000;

/** 陈*明: enough for the visitor to know who invited them, not the whole name of a stranger's host. */
export function maskName(name: string): string {
  const chars = [...name];
  if (chars.length <= 1) return name;
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}

const COLUMNS: SheetColumn[] = [
  { header: '访客姓名', width: 12 },
  { header: '访客手机号', width: 15 },
  { header: '车牌', width: 11 },
  { header: '邀请人', width: 10 },
  { header: '邀请人地址', width: 22 },
  { header: '开始时间', width: 17, format: 'dateTime' },
  { header: '结束时间', width: 17, format: 'dateTime' },
  { header: '可进入次数', width: 8 },
  { header: '已进入次数', width: 8 },
  { header: '状态', width: 10 },
  { header: '证件类型', width: 12 },
  { header: '到访记录', width: 30 },
  { header: '邀请时间', width: 17, format: 'dateTime' },
];

/** 邀请访客: residents invite, visitors open their pass from a link, staff see, export and cancel. */
export function createVisitService({ repo, registrations, access, keys, passKeys, audit, pii, notices, slots, communityName, now, publicOrigin }: Deps) {
  /** The visitor's link, on PUBLIC_ORIGIN or else the address the request came to (development). */
  const linkOf = (id: string, origin: string) => `${publicOrigin ?? origin}${WebRoute.visit}?t=${visitTokenOf(pii, id)}`;

  async function views(rows: InvitationRow[], withoutDocument: boolean): Promise<InvitationView[]> {
    const scans = await repo.scans(rows.map((r) => r.id));
    const at = now().getTime();
    return rows.map((r) => {
      const w = windowOf(r, withoutDocument);
      return {
        _id: r.id,
        name: r.name,
        mobile: r.mobileMasked,
        plate: r.plateMasked,
        start: w.start,
        end: w.end,
        entries: r.entries,
        entriesUsed: r.entriesUsed,
        status: visitStatus(w, at),
        documentGiven: r.cardEnc !== null,
        scans: scans.filter((s) => s.invitationId === r.id).map((s) => ({ pass: s.pass, at: seconds(s.at) })),
        created_at: seconds(r.createdAt),
      };
    });
  }

  /** The caller's approved, usable registration here (visitors and pending people do not invite). */
  async function inviterRegistration(caller: Caller, poiId: string) {
    await access.requireCommunity(poiId);
    const own = await registrations.ownRegistration(caller, poiId);
    const r = own?.registration;
    if (!r || r.owner === '访客' || !isUsable(passState(r, beijingDate(now())).ptype)) return null;
    return r;
  }

  const remainingToday = async (caller: Caller, poiId: string) =>
    Math.max(0, INVITATIONS_PER_DAY - (await repo.countSince(caller.userId, poiId, startOfBeijingDay(beijingDate(now())))));

  /** An invitation of this community the caller may act on (its resident, or managers), else 404. */
  async function forCancel(caller: Caller, poiId: string, id: string) {
    const found = await repo.find(id);
    if (!found || found.poiId !== poiId) throw notFound(VisitMsg.notFound);
    if (found.inviterId === caller.userId) return found;
    const role = await access.roleIn(caller, poiId);
    if (role?.kind === 'administrator' || role?.kind === 'manager') return found;
    throw notFound(VisitMsg.notFound);
  }

  /** The visitor's invitation from their link's token; 404 for anything else. */
  async function byToken(token: string) {
    const id = invitationIdOfToken(pii, token);
    const found = id ? await repo.findWithCommunity(id) : null;
    if (!found) throw notFound(VisitMsg.linkInvalid);
    return found;
  }

  return {
    async invite(caller: Caller, poiId: string, input: Parameters<typeof checkInvitation>[0], origin: string) {
      const at = now();
      const checked = checkInvitation(input, at);
      if (!checked.ok) throw badRequest(checked.message);
      const inviter = await inviterRegistration(caller, poiId);
      if (!inviter) throw forbidden(VisitMsg.notResident);
      const v = checked.value;
      const abroad = !MOBILE_PATTERN.test(v.mobile);
      const { created: row, today } = await repo.createWithinLimits(
        {
          poiId,
          registrationId: inviter.id,
          inviterId: caller.userId,
          name: v.name,
          mobileEnc: pii.encrypt(v.mobile),
          mobileMasked: maskMobile(v.mobile),
          plateEnc: v.plate ? pii.encrypt(v.plate) : null,
          plateMasked: v.plate ? maskPlate(v.plate) : '',
          startsAt: v.start,
          endsAt: v.end,
          entries: v.entries,
          createdAt: at,
        },
        startOfBeijingDay(beijingDate(at)),
        // Each invitation texts its visitor: the community's caps on SMS sent for residents.
        (before) => {
          if (before.mine >= INVITATIONS_PER_DAY) return tooManyRequests(VisitMsg.dailyLimit);
          if (before.community >= RESIDENT_SMS_PER_COMMUNITY_PER_DAY) return tooManyRequests(VisitMsg.communitySmsLimit);
          if (abroad && before.abroad >= RESIDENT_SMS_ABROAD_PER_COMMUNITY_PER_DAY) return tooManyRequests(VisitMsg.communitySmsAbroadLimit);
          return null;
        },
      );
      await notices.visitorInvited({
        invitationId: row.id,
        mobileEnc: row.mobileEnc,
        poiId,
        inviter: maskName(inviter.name),
        window: visitWindowText(v.start, v.end),
        link: storedVisitLink(WebRoute.visit, row.id),
        at,
      });
      const [view] = await views([row], false);
      return { invitation: { ...view!, link: linkOf(row.id, origin) }, remainingToday: INVITATIONS_PER_DAY - today.mine - 1 };
    },

    async mine(caller: Caller, poiId: string, origin: string) {
      await access.requireCommunity(poiId);
      const [rows, withoutDocument, inviter] = await Promise.all([repo.mine(caller.userId, poiId), repo.withoutDocument(poiId), inviterRegistration(caller, poiId)]);
      const list = await views(rows, withoutDocument);
      return {
        invitations: list.map((v) => ({ ...v, link: linkOf(v._id, origin) })),
        remainingToday: await remainingToday(caller, poiId),
        canInvite: inviter !== null,
      };
    },

    async cancel(caller: Caller, poiId: string, id: string) {
      await access.requireCommunity(poiId);
      const found = await forCancel(caller, poiId, id);
      if (found.cancelledAt) throw conflict(VisitMsg.alreadyCancelled);
      if (found.endsAt.getTime() < now().getTime()) throw conflict(VisitMsg.alreadyEnded);
      const row = await repo.cancel(id, caller.userId, now());
      if (!row) throw conflict(VisitMsg.alreadyCancelled);
      if (found.inviterId !== caller.userId) await audit.record({ actorId: caller.userId, action: 'invitation.cancel', poiId, subjectId: id, rows: 1 });
      const [view] = await views([row], await repo.withoutDocument(poiId));
      return { invitation: view! };
    },

    async staffList(caller: Caller, poiId: string, page: number) {
      const scope = await access.requireStaff(caller, poiId);
      const [rows, withoutDocument] = await Promise.all([repo.page(scope.poiId, INVITATION_PAGE_SIZE + 1, (page - 1) * INVITATION_PAGE_SIZE), repo.withoutDocument(scope.poiId)]);
      const shown = rows.slice(0, INVITATION_PAGE_SIZE);
      const list = await views(shown.map((r) => r.invitation), withoutDocument);
      return {
        invitations: list.map((v, i) => ({ ...v, inviter: { name: shown[i]!.inviterName, address: shown[i]!.inviterAddress } })),
        more: rows.length > INVITATION_PAGE_SIZE,
        withoutDocument,
      };
    },

    async saveSetting(caller: Caller, poiId: string, withoutDocument: boolean) {
      const scope = await access.requireStaff(caller, poiId);
      if (scope.role.kind === 'duty') throw forbidden(MSG_VISIT_SETTING);
      await repo.saveSetting(scope.poiId, withoutDocument, caller.userId, now());
      await audit.record({ actorId: caller.userId, action: 'visits.settings', poiId: scope.poiId, rows: 0, detail: { withoutDocument } });
      return { withoutDocument };
    },

    /** The .xlsx of every invitation kept (newest first), audited; `whole` for managers only. */
    async export(caller: Caller, poiId: string, whole: boolean, reply: FastifyReply) {
      const scope = await access.requireStaff(caller, poiId);
      if (whole && scope.role.kind === 'duty') throw forbidden(MSG_WHOLE_NOT_ALLOWED);
      await inExportSlot(slots, caller.userId, async () => {
        const [community, withoutDocument] = await Promise.all([communityName(scope.poiId), repo.withoutDocument(scope.poiId)]);
        reply.hijack();
        attachment(reply, `${community}-访客邀请-${beijingDate(now()).replaceAll('-', '')}.xlsx`);
        const xlsx = await createXlsxStream(reply.raw, '访客邀请', COLUMNS);
        const batch = 200;
        for (let page = 0; ; page++) {
          const rows = await repo.page(scope.poiId, batch, page * batch);
          const list = await views(rows.map((r) => r.invitation), withoutDocument);
          await xlsx.addRows(
            rows.map(({ invitation: r, inviterName, inviterAddress }, i) => [
              r.name,
              whole ? pii.decrypt(r.mobileEnc) : r.mobileMasked,
              r.plateEnc ? (whole ? pii.decrypt(r.plateEnc) : r.plateMasked) : '',
              inviterName,
              inviterAddress,
              beijingCell(r.startsAt),
              beijingCell(r.endsAt),
              r.entries,
              r.entriesUsed,
              VISIT_STATUS_LABEL[list[i]!.status],
              r.cardType ? (CARD_TYPE_LABEL[r.cardType as CardType] ?? r.cardType) : '',
              list[i]!.scans.map((s) => `${s.pass === 2 ? '出' : '进'} ${beijingDateTime(new Date(s.at * 1000))}`).join('；'),
              beijingCell(r.createdAt),
            ]),
          );
          if (rows.length < batch) break;
        }
        await audit.record({ actorId: caller.userId, action: 'invitation.export', poiId: scope.poiId, rows: xlsx.rowCount, detail: { whole } });
        await xlsx.finish();
      });
    },

    /** The visitor's phone's signing key for the invitation's pass, while the invitation lets them through. */
    async registerKey(token: string, publicKey: string) {
      const { invitation: i, withoutDocument } = await byToken(token);
      const at = now().getTime();
      const w = windowOf(i, withoutDocument);
      if (visitRefusal(w, 1, at) !== null && visitRefusal(w, 2, at) !== null) throw conflict(PassKeyMsg.noPass);
      return { kid: await passKeys.register({ invitationId: i.id }, i.poiId, publicKey) };
    },

    /** The visitor's pass from their link: the visit, and a code while it lets them through. */
    async visitorPass(token: string, direction: number, origin: string) {
      const { invitation: i, community, withoutDocument, inviter } = await byToken(token);
      const at = now();
      const w = windowOf(i, withoutDocument);
      const open = visitRefusal(w, direction, at.getTime()) === null;
      let code = '';
      let codeExpires = 0;
      let codeKey: PassView['codeKey'] = null;
      if (open) {
        const [key, kids] = await Promise.all([keys.passSecret(i.poiId, i.id), passKeys.activeKids({ invitationId: i.id })]);
        const step = codeStepAt(at.getTime());
        code = passCodeAt(key, direction, step);
        codeExpires = codeWindowEnd(step);
        const last = i.endsAt.getTime() + (direction === 2 ? VISIT_EXIT_GRACE_HOURS * 3_600_000 : 0);
        codeKey = { id: key.id, until: Math.min(last, at.getTime() + OFFLINE_MS), kids };
      }
      const scans = await repo.scans([i.id]);
      const lastScan = scans.length ? scans[scans.length - 1]! : null;
      return {
        visit: {
          community,
          poiId: i.poiId,
          inviter: maskName(inviter),
          name: i.name,
          plate: i.plateMasked,
          start: w.start,
          end: w.end,
          entries: i.entries,
          entriesUsed: i.entriesUsed,
          status: visitStatus(w, at.getTime()),
          needsDocument: w.needsDocument && !w.cancelled,
          lastScan: lastScan ? { pass: lastScan.pass, at: seconds(lastScan.at) } : null,
        },
        userCard: {
          ptype: open ? PassType.normal : PassType.expired,
          revoked: false,
          pass: direction,
          owner: '访客',
          name: i.name,
          communityInfo: { community },
          uptime: seconds(i.createdAt),
          expire_time: beijingDate(i.endsAt),
          backDay: null,
          poiId: i.poiId,
          openId: '',
          code,
          codeExpires,
          qr: code ? `${origin}${WebRoute.registrationDetail}?${new URLSearchParams({ poiId: i.poiId, code, pass: String(direction) })}` : '',
          codeKey,
          serverTime: at.getTime(),
        },
      };
    },

    /** The visitor's document, where the community asks for one; checked like a registration's. */
    async giveDocument(token: string, input: { cardType?: string | number; card?: string | number; nationality?: string | number }) {
      const { invitation: i, withoutDocument } = await byToken(token);
      if (withoutDocument) throw conflict(VisitMsg.documentNotNeeded);
      if (i.cardEnc) throw conflict(VisitMsg.documentGiven);
      if (i.cancelledAt) throw conflict(VisitMsg.cancelled);
      const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? compact(v) : '');
      const checked = checkDocument({ cardType: text(input.cardType), card: text(input.card), nationality: text(input.nationality) }, beijingDate(now()));
      if (!checked.ok) throw badRequest(checked.message);
      const doc = checked.value;
      const saved = await repo.saveDocument(i.id, {
        cardType: doc.cardType,
        cardEnc: pii.encrypt(doc.card),
        cardMasked: maskDocument(doc.card),
        nationality: doc.nationality,
        consentAt: now(),
        consentVersion: PRIVACY_NOTICE_VERSION,
      });
      if (!saved) {
        // A parallel submit (or a cancel) got there first: answered as a repeat would be.
        const current = await repo.find(i.id);
        if (!current) throw notFound(VisitMsg.linkInvalid);
        throw conflict(current.cardEnc ? VisitMsg.documentGiven : VisitMsg.cancelled);
      }
      return { ok: true as const };
    },
  };
}
export type VisitService = ReturnType<typeof createVisitService>;

