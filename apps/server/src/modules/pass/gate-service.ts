import { beijingDate } from '@sq/contract/beijing-time';
import { MSG_CODE_EXPIRED, MSG_CODE_UNKNOWN, MSG_CODE_USED, MSG_PASS_NOT_VALID } from '@sq/contract/pass/get-registration-detail';
import { PASS_CODE_TTL_SECONDS } from '@sq/contract/pass/pass-view';
import { WebRoute } from '@sq/contract/routes';
import { conflict, notFound } from '../../lib/errors';
import type { PiiCipher } from '../../lib/crypto';
import type { AccessService } from '../access/service';
import type { AuditRepo } from '../audit/repo';
import type { Caller } from '../auth/caller';
import type { FastifyReply } from 'fastify';
import { SessionStreams, streamCodeState } from './code-stream';
import type { GateRepo } from './gate-repo';
import type { NotificationService } from '../notifications/service';
import type { PassEvents } from './pass-events';
import { BoundedCache } from '../../lib/bounded-cache';
import { newPassCode, passCodeHash } from './pass-code';
import { isUsable, passState } from './pass-state';
import type { RegistrationRepo } from './registration-repo';
import type { RegistrationService } from './registration-service';
import { detailView } from './views';

/**
 * Code states are kept in memory: every waiting resident asks every 2 seconds. A change (scan,
 * send-back) drops the copy in every process through the pass_code notification; the age limit
 * bounds what a lost notification could cost.
 */
const CODE_CACHE_ENTRIES = 200_000;
const CODE_CACHE_AGE_MS = 30_000;
interface CodeSnapshot {
  userId: string | null;
  poiId: string;
  isUse: number;
  direction: number;
  usedAt: Date | null;
  expiresAt: Date;
  name: string;
  owner: string;
  community: string;
}

/**
 * A live code is shown again while it lasts this much longer; a page asking later (its renewal,
 * 5 s before the end) gets a new one. Longer than the renewal lead, so the renewal never gets
 * the ending code back.
 */
const REUSE_MARGIN_MS = 30_000;

/** A scanner who reloads the page of a code they just used sees it again instead of an error. */
const RESCAN_GRACE_MS = 10 * 60_000;

interface Deps {
  registrations: RegistrationService;
  repo: RegistrationRepo;
  gate: GateRepo;
  access: AccessService;
  audit: AuditRepo;
  pii: PiiCipher;
  events: PassEvents;
  notices: Pick<NotificationService, 'scanned'>;
  now: () => Date;
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** The pass, its single-use code, the gate scan and the entry/exit log (DESIGN.md §6). */
export function createGateService({ registrations, repo, gate, access, audit, pii, events, notices, now }: Deps) {
  const codes = new BoundedCache<string, CodeSnapshot>(CODE_CACHE_ENTRIES, CODE_CACHE_AGE_MS);
  const streams = new SessionStreams();

  /** `load` does not keep a read that a scan or send-back overtook (see BoundedCache.load). */
  const snapshot = (codeHash: string): Promise<CodeSnapshot | null> =>
    codes.load(codeHash, async () => {
      const found = await gate.findCode(codeHash);
      if (!found) return null;
      const c = found.code;
      return { userId: found.userId, poiId: c.poiId, isUse: c.isUse, direction: c.direction, usedAt: c.usedAt, expiresAt: c.expiresAt, name: found.name, owner: found.owner, community: await repo.communityName(c.poiId) };
    });

  /** A code's state for its own person only; anyone else learns nothing, not even that it exists. */
  async function codeState(caller: Caller, poiId: string, code: string) {
    const c = await snapshot(passCodeHash(code));
    if (!c || c.userId !== caller.userId || c.poiId !== poiId) throw notFound(MSG_CODE_UNKNOWN);
    const state = {
      codeInfo: { isUse: c.isUse, pass: c.direction, usedAt: c.usedAt ? seconds(c.usedAt) : null, expired: !c.usedAt && c.expiresAt <= now() },
      userCard: { name: c.name, owner: c.owner, communityInfo: { community: c.community } },
    };
    return { state, expiresAt: c.expiresAt };
  }

  return {
    /** Listens for changed codes from every process; call once at start-up. */
    start: () => events.onAnyChange((codeHash) => codes.delete(codeHash)),

    /** The pass page: the pass type for today and, when usable, a fresh code and its QR address. */
    async myPass(caller: Caller, poiId: string, direction: number, origin: string) {
      await access.requireCommunity(poiId);
      const at = now();
      const own = await registrations.ownRegistration(caller, poiId);
      const r = own?.registration ?? null;
      const { ptype, backDay } = passState(r, beijingDate(at));
      const community = own?.community ?? (await repo.communityName(poiId));
      let code = '';
      let codeExpires = 0;
      if (r && isUsable(ptype)) {
        // One valid code per direction: every load shows the live one while it has time left;
        // near its end a new one is minted and the old one retired.
        const live = await gate.liveCode(r.id, direction, new Date(at.getTime() + REUSE_MARGIN_MS));
        if (live?.codeEnc) {
          code = pii.decrypt(live.codeEnc);
          codeExpires = seconds(live.expiresAt);
        } else {
          code = newPassCode();
          const expiresAt = new Date(at.getTime() + PASS_CODE_TTL_SECONDS * 1000);
          const retired = await gate.insertCode({ codeHash: passCodeHash(code), codeEnc: pii.encrypt(code), registrationId: r.id, poiId, direction, expiresAt, createdAt: at });
          // The page starts polling at once: its first question is answered from memory.
          codes.set(passCodeHash(code), { userId: caller.userId, poiId, isUse: 0, direction, usedAt: null, expiresAt, name: r.name, owner: r.owner, community });
          if (retired.length) await events.publish(retired);
          codeExpires = seconds(expiresAt);
        }
      }
      const qr = code
        ? `${origin}${WebRoute.registrationDetail}?${new URLSearchParams({ poiId, openId: caller.openId, code, pass: String(direction) })}`
        : '';
      const role = await access.roleIn(caller, poiId);
      return {
        notice: r !== null && r.consentAt === null,
        userCard: {
          ptype,
          pass: direction,
          owner: r?.owner ?? '',
          name: r?.name ?? '',
          communityInfo: { community },
          uptime: r ? seconds(r.updatedAt) : 0,
          expire_time: r?.expireTime ?? '',
          backDay,
          poiId,
          openId: caller.openId,
          code,
          codeExpires,
          qr,
        },
        isManager: role ? ('1' as const) : ('0' as const),
      };
    },

    /** The waiting resident's poll (every 2 s). */
    async checkCode(caller: Caller, poiId: string, code: string) {
      return (await codeState(caller, poiId, code)).state;
    },

    /** The same, pushed: the stream ends once the code is used, sent back or expired. */
    async watchCode(caller: Caller, poiId: string, code: string, reply: FastifyReply) {
      const first = await codeState(caller, poiId, code);
      await streamCodeState({
        reply,
        session: caller.sessionId,
        streams,
        first: first.state,
        codeHash: passCodeHash(code),
        expiresAt: first.expiresAt,
        now,
        events,
        read: async () => (await codeState(caller, poiId, code)).state,
      });
    },

    /**
     * The duty staff opened the QR's address: the code is used up and the entry or exit logged, in
     * one transaction, and the registration shown whole (audited).
     */
    async scan(caller: Caller, poiId: string, code: string) {
      const hash = passCodeHash(code);
      // Independent reads, asked together: the scanner waits for one round trip, not two.
      const [scope, found] = await Promise.all([access.requireStaff(caller, poiId), gate.findCode(hash)]);
      if (!found || found.code.poiId !== scope.poiId) throw notFound(MSG_CODE_UNKNOWN);
      const at = now();
      let used = found.code;
      const alreadyMine = used.usedAt && used.usedBy === caller.userId && at.getTime() - used.usedAt.getTime() < RESCAN_GRACE_MS;
      if (!alreadyMine) {
        const result = await gate.useCode({ codeHash: hash, by: caller.userId, at, stillValid: (r) => isUsable(passState(r, beijingDate(at)).ptype) });
        if (!result.ok) {
          if (result.reason === 'invalid') throw conflict(MSG_PASS_NOT_VALID);
          throw conflict(found.code.usedAt ? MSG_CODE_USED : MSG_CODE_EXPIRED);
        }
        used = result.code;
      }
      // The registration is known from the code: its reads, the audit line and the person's
      // notice go out together, one round trip after the code's (bench/README.md, staff scan).
      const registrationId = used.registrationId;
      const [row, reviews, plates] = await Promise.all([
        repo.findById(scope.poiId, registrationId),
        repo.reviews(registrationId),
        repo.plates(registrationId),
        audit.record({ actorId: caller.userId, action: 'registration.scan', poiId: scope.poiId, subjectId: registrationId, rows: 1 }),
        // The waiting page and every process's copy of the code learn it was used.
        alreadyMine ? null : events.publish([hash]),
        alreadyMine ? null : notices.scanned({ userId: found.userId, poiId: scope.poiId, codeHash: hash, direction: used.direction, at: used.usedAt ?? at }),
      ]);
      if (!row) throw notFound(MSG_CODE_UNKNOWN);
      const state = passState(row.registration, beijingDate(at));
      return {
        userCard: detailView(row, pii, reviews, plates),
        scan: { pass: used.direction, at: seconds(used.usedAt ?? at), ptype: state.ptype, backDay: state.backDay, repeat: Boolean(alreadyMine) },
      };
    },

    async logs(caller: Caller, poiId: string, page: number, pageSize: number) {
      const scope = await access.requireStaff(caller, poiId);
      const rows = await gate.listLogs(scope.poiId, page, pageSize);
      return {
        logs: rows.map((l) => ({ _id: l.id, name: l.name, mobile: l.mobileMasked, pass: l.direction, owner: l.owner, plate: l.plateMasked, created_at: seconds(l.createdAt) })),
      };
    },
  };
}
export type GateService = ReturnType<typeof createGateService>;
