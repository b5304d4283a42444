import { addDays, beijingDate } from '@sq/contract/beijing-time';
import { checkRegistration } from '@sq/contract/pass/registration-check';
import { VISITOR_VALID_DAYS, type Registration } from '@sq/contract/pass/registration-rules';
import { RegistrationStatus } from '@sq/contract/pass/registration-schemas';
import { PRIVACY_NOTICE_VERSION } from '@sq/contract/privacy/notice';
import { MSG_TRANSITION_NOT_ALLOWED } from '@sq/contract/pass/verify-registration';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { PiiCipher } from '../../lib/crypto';
import type { AccessService } from '../access/service';
import type { AuditRepo } from '../audit/repo';
import type { Caller } from '../auth/caller';
import type { InlineSession } from '../auth/inline-session';
import type { AuthService } from '../auth/service';
import type { GateRepo } from './gate-repo';
import type { NotificationService } from '../notifications/service';
import { bothChannels, type PassEvents } from './pass-events';
import { keywordFilter } from './keyword-filter';
import { passCodeHash } from './pass-code';
import { canResubmit } from './pass-state';
import type { RegistrationRepo } from './registration-repo';
import { registrationRow } from './registration-row';
import { detailView, maskedView } from './views';

export const MSG_PENDING = '登记正在审核中，请耐心等待';
export const MSG_ALREADY_APPROVED = '您已登记通过，无需重复登记';
export const MSG_MOBILE_TAKEN = '该手机号已在本社区登记';
export const MSG_NOT_FOUND = '登记记录不存在';

interface Deps {
  repo: RegistrationRepo;
  gate: GateRepo;
  access: AccessService;
  audit: AuditRepo;
  auth: AuthService;
  pii: PiiCipher;
  events: PassEvents;
  notices: Pick<NotificationService, 'reviewed'>;
  now: () => Date;
}

/** Allowed review moves (spec §4): approve or send back a pending one, revoke an approved one. */
const TRANSITIONS: Record<string, true> = { '0>1': true, '0>-1': true, '1>-1': true };

export function createRegistrationService({ repo, gate, access, audit, auth, pii, events, notices, now }: Deps) {
  const today = () => beijingDate(now());

  const toWrite = (value: Registration, at: Date, consented: boolean) => registrationRow(pii, value, at, today(), consented);

  /** The person's own registration, claiming one that staff entered for their mobile earlier. */
  async function ownRegistration(caller: Caller, poiId: string) {
    const found = await repo.findOwnOrUnclaimed(poiId, caller.userId);
    if (!found?.unclaimed) return found;
    await repo.claim(found.registration.id, caller.userId);
    // Read again: the same person's other request (the pass page and the form load together) may
    // have claimed it first, and the claimed row carries the person's openId.
    return repo.findOwn(poiId, caller.userId);
  }

  return {
    ownRegistration,

    async submit(session: InlineSession, poiId: string, input: Parameters<typeof checkRegistration>[0], staffImport: boolean, consented = false) {
      const at = now();
      // Most submits are a person's first here: validated as new and written in one statement
      // unless they already have a registration, in which case the longer way below decides. For
      // a session this process has not seen, in a community it has, that statement reads the
      // session too.
      const asNew = staffImport ? null : checkRegistration(input, today());
      const row = asNew?.ok ? { ...toWrite(asNew.value, at, consented), poiId, status: RegistrationStatus.pending } : null;
      let caller = session.known;
      let first: { written: { id: string; status: number } | null } | null = null;
      if (row && !caller && access.knowsCommunity(poiId)) {
        const read = await session.within((tokenHash) => repo.insertIfNewForSession(tokenHash, at, row));
        caller = read.caller;
        first = read.result;
      }
      caller ??= await session.authenticate();
      await access.requireCommunity(poiId);
      if (row && !first) first = { written: await repo.insertIfNew({ ...row, userId: caller.userId, createdBy: caller.userId }) };
      if (first?.written) return { _id: first.written.id, status: first.written.status };

      if (staffImport) {
        await access.requireStaff(caller, poiId);
        const checked = checkRegistration(input, today());
        if (!checked.ok) throw badRequest(checked.message);
        const created = await repo.insertEntered({ ...toWrite(checked.value, at, false), poiId, status: RegistrationStatus.pending, userId: null, createdBy: caller.userId });
        if (!created) throw conflict(MSG_MOBILE_TAKEN);
        // Staff entered and vouched for it: approved at once, with the approval on record.
        await repo.transition({ id: created.id, from: RegistrationStatus.pending, to: RegistrationStatus.approved, by: caller.userId, at, reason: '' });
        return { _id: created.id, status: RegistrationStatus.approved };
      }

      const existing = await ownRegistration(caller, poiId);
      const r = existing?.registration;
      const checked = checkRegistration(input, today(), r ? { mobile: r.mobileMasked, card: r.cardMasked, cardType: r.cardType } : {});
      if (!checked.ok) throw badRequest(checked.message);
      // Valid as new yet nothing written, so the person's registration exists: only a request of
      // theirs still writing it hides it from this look.
      if (!r) throw conflict(MSG_PENDING);
      const value = checked.value;
      const write = toWrite(value, at, consented);
      // Re-submitted without the tick (an old client): an agreement given before still stands.
      if (!consented) Object.assign(write, { consentAt: r.consentAt, consentVersion: r.consentVersion });
      // Unchanged masked values keep what is stored.
      if (value.mobile === r.mobileMasked) Object.assign(write, { mobileEnc: r.mobileEnc, mobileHash: r.mobileHash, mobileMasked: r.mobileMasked });
      if (value.card === r.cardMasked.toUpperCase() && value.cardType === r.cardType) Object.assign(write, { cardEnc: r.cardEnc, cardHash: r.cardHash, cardMasked: r.cardMasked });
      if (!canResubmit(r, today())) throw conflict(r.status === RegistrationStatus.pending ? MSG_PENDING : MSG_ALREADY_APPROVED);
      const updated = await repo.resubmit(r.id, r.status, { ...write, status: RegistrationStatus.pending });
      if (!updated) throw conflict(MSG_PENDING);
      return { _id: updated.id, status: updated.status };
    },

    /**
     * The person deletes their registration here (我的信息): its pass is announced as
     * changed, so a pass page still open learns at once that it no longer works.
     */
    async deleteOwn(caller: Caller, poiId: string) {
      const own = await ownRegistration(caller, poiId);
      if (!own) return null;
      await repo.delete(own.registration.id);
      await events.publish(bothChannels(own.registration.id));
      return own.registration;
    },

    async pendingNotice(caller: Caller) {
      const row = await repo.withoutConsent(caller.userId, pii.hash(await auth.mobileOf(caller.userId)));
      return { poiId: row?.poiId ?? null, community: row?.community ?? '' };
    },

    async consent(caller: Caller, poiId: string) {
      await access.requireCommunity(poiId);
      // A registration staff entered for this mobile becomes the person's on this first look.
      if (!(await ownRegistration(caller, poiId))) throw notFound(MSG_NOT_FOUND);
      const row = await repo.consent(poiId, caller.userId, now(), PRIVACY_NOTICE_VERSION);
      if (!row?.consentAt) throw notFound(MSG_NOT_FOUND);
      return { consentAt: Math.floor(row.consentAt.getTime() / 1000) };
    },

    async profile(caller: Caller, poiId: string) {
      await access.requireCommunity(poiId);
      const own = await ownRegistration(caller, poiId);
      const community = own?.community ?? (await repo.communityName(poiId));
      return {
        allowAddress: [],
        community: { poiId, community },
        userCard: own ? maskedView(own) : null,
        mobile: await auth.mobileOf(caller.userId),
        canSubmit: canResubmit(own?.registration ?? null, today()),
      };
    },

    async list(caller: Caller, body: { poiId: string; keyword?: string; status?: number; page: number }, pageSize: number) {
      const scope = await access.requireStaff(caller, body.poiId);
      const result = await repo.list({ poiId: scope.poiId, status: body.status, keyword: keywordFilter(body.keyword, pii), page: body.page, pageSize });
      return { userCards: result.rows.map(maskedView), status_0: result.pending, status_1: result.approved, status_2: result.returned };
    },

    /** The staff detail view of one record: whole mobile and ID, so every opening is audited. */
    async detail(caller: Caller, poiId: string, id: string) {
      const scope = await access.requireStaff(caller, poiId);
      const row = await repo.findById(scope.poiId, id);
      if (!row) throw notFound(MSG_NOT_FOUND);
      await audit.record({ actorId: caller.userId, action: 'registration.view', poiId: scope.poiId, subjectId: id, rows: 1 });
      const [reviews, plates] = await Promise.all([repo.reviews(id), repo.plates(id)]);
      return detailView(row, pii, reviews, plates);
    },

    async verify(caller: Caller, body: { poiId: string; _id: string; status: number; code?: string; reason?: string }) {
      const scope = await access.requireStaff(caller, body.poiId);
      const row = await repo.findById(scope.poiId, body._id);
      if (!row) throw notFound(MSG_NOT_FOUND);
      const from = row.registration.status;
      if (!TRANSITIONS[`${from}>${body.status}`]) throw conflict(MSG_TRANSITION_NOT_ALLOWED);
      const at = now();
      const renewVisitor = body.status === RegistrationStatus.approved && row.registration.owner === '访客';
      const moved = await repo.transition({
        id: row.registration.id,
        from,
        to: body.status,
        by: caller.userId,
        at,
        // An approval needs no reason: whatever came along is not kept.
        reason: body.status === RegistrationStatus.returned ? (body.reason ?? '') : '',
        ...(renewVisitor ? { expireTime: addDays(beijingDate(at), VISITOR_VALID_DAYS) } : {}),
      });
      if (!moved) throw conflict(MSG_TRANSITION_NOT_ALLOWED);
      if (body.status === RegistrationStatus.returned) {
        // Pages waiting on this person's codes are sent to the form (isUse -1).
        const scanned = body.code ? passCodeHash(body.code) : null;
        if (scanned) await gate.markSentBack(scanned, row.registration.id);
        await events.publish(bothChannels(row.registration.id));
      }
      await notices.reviewed({ userId: row.registration.userId, registrationId: row.registration.id, poiId: scope.poiId, from, to: body.status, reason: body.reason ?? '', at });
      return { _id: row.registration.id, status: body.status };
    },
  };
}
export type RegistrationService = ReturnType<typeof createRegistrationService>;
