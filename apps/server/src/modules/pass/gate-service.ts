import { PassType } from '@sq/contract/pass/pass-view';
import { beijingDate, endOfBeijingDay } from '@sq/contract/beijing-time';
import { MSG_CODE_EXPIRED, MSG_CODE_UNKNOWN, MSG_CODE_USED, MSG_PASS_NOT_VALID } from '@sq/contract/pass/get-registration-detail';
import { CODE_SKEW_STEPS, RESCAN_GRACE_MS, codeStepAt, codeWindowEnd, inWindow } from '@sq/contract/pass/code-steps';
import { macMatches, parsePassCode, passCodeAt, type ParsedPassCode } from '@sq/contract/pass/rotating-code';
import type { PassView } from '@sq/contract/pass/pass-view';
import { RegistrationStatus } from '@sq/contract/pass/registration-schemas';
import { WebRoute } from '@sq/contract/routes';
import { conflict, notFound } from '../../lib/errors';
import type { PiiCipher } from '../../lib/crypto';
import type { AccessService } from '../access/service';
import type { AuditRepo } from '../audit/repo';
import type { Caller } from '../auth/caller';
import type { FastifyReply } from 'fastify';
import { SessionStreams, streamCodeState } from './code-stream';
import type { GateRepo, LogDays } from './gate-repo';
import type { NotificationService } from '../notifications/service';
import { passChannel, type PassEvents } from './pass-events';
import { BoundedCache } from '../../lib/bounded-cache';
import { passCodeHash } from './pass-code';
import { registrationIdOf, type GateKeys } from './gate-keys';
import type { PassKeys } from './pass-keys';
import { createBeijingToday } from './beijing-today';
import { isUsable, lastDayOf, passState } from './pass-state';
import type { RegistrationRepo } from './registration-repo';
import type { RegistrationService } from './registration-service';
import { detailView } from './views';
import type { VisitRepo } from '../visits/repo';
import { visitorDetailView, windowOf } from '../visits/views';
import { visitRefusal } from '@sq/contract/visits/visit-window';
import { alreadyInside, REENTRY_DEFAULT_MINUTES } from '@sq/contract/pass/gate-settings';
import { PassKeyMsg } from '@sq/contract/pass/register-pass-key';

/**
 * Pass states are kept in memory: every waiting resident asks every 2 seconds. A change (scan,
 * send-back) drops the copy in every process through the pass_code notification; the age limit
 * bounds what a lost notification could cost.
 */
const PASS_CACHE_ENTRIES = 200_000;
const PASS_CACHE_AGE_MS = 30_000;
/** A code's MAC, once checked, for as long as a retired key version may take to reach every process. */
const CHECKED_CODE_AGE_MS = 60_000;
/** The share of a gate cache's age its entries may lose at random (see BoundedCache's `spread`). */
const CACHE_AGE_SPREAD = 0.3;
type PassRow = NonNullable<Awaited<ReturnType<GateRepo['findPass']>>>;
type UseRow = Awaited<ReturnType<GateRepo['lastUse']>>;
type ScanContextArgs = Parameters<GateRepo['scanContext']>[0];
type ScanContext = NonNullable<Awaited<ReturnType<GateRepo['scanContext']>>>;
/** A code's parts, the registration (or invitation) its pass id names and its pass's event channel. */
interface CodeParts {
  parsed: ParsedPassCode;
  registrationId: string;
  channel: string;
}
interface PassSnapshot {
  pass: PassRow;
  lastUse: UseRow | false;
  community: string;
}

/** How long the phone may show codes without reaching the server (docs/decisions/gate-and-scanner.md). */
const OFFLINE_DAYS = 7;

/**
 * A use at step u spends every code of that direction up to u + 2 steps: whatever the skew, the
 * codes the gate would still take at that moment are gone, so one window lets a person through
 * once (a screenshot of the previous code gets nobody in after them, nor them after it).
 */
const spentThrough = (usedStep: number) => usedStep + 2 * CODE_SKEW_STEPS;

interface Deps {
  registrations: RegistrationService;
  repo: RegistrationRepo;
  gate: GateRepo;
  keys: GateKeys;
  /** The phones' signing keys: their codes are checked with the public halves. */
  passKeys: PassKeys;
  access: AccessService;
  audit: AuditRepo;
  pii: PiiCipher;
  events: PassEvents;
  notices: Pick<NotificationService, 'scanned' | 'visitorArrived'>;
  /** Invited visitors' passes: a code whose id is no registration's may be one of theirs. */
  visits: VisitRepo;
  now: () => Date;
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** The pass, its rotating code, the gate scan and the entry/exit log (DESIGN.md §6). */
export function createGateService({ registrations, repo, gate, keys, passKeys, access, audit, pii, events, notices, visits, now }: Deps) {
  // Spread ages (BoundedCache): 2,000 pages re-asking a fresh node must not all re-read at once 30 s later.
  const passes = new BoundedCache<string, PassSnapshot>(PASS_CACHE_ENTRIES, PASS_CACHE_AGE_MS, Date.now, CACHE_AGE_SPREAD);
  const today = createBeijingToday();
  const streams = new SessionStreams();

  /** `load` does not keep a read that a scan or send-back overtook (see BoundedCache.load). */
  const loadSnapshot = ({ channel, registrationId, parsed }: CodeParts): Promise<PassSnapshot | null> =>
    passes.load(channel, async () => {
      const [pass, lastUse] = await Promise.all([gate.findPass(registrationId), gate.lastUse(registrationId, parsed.direction)]);
      if (!pass) return null;
      return { pass, lastUse: lastUse ?? false, community: await repo.communityName(pass.poiId) };
    });

  /** The code's parts and the registration it names, when it has a code's form; else null (nothing is checked yet). */
  function codeParts(code: string): CodeParts | null {
    const parsed = parsePassCode(code);
    const registrationId = parsed && registrationIdOf(parsed.id);
    return parsed && registrationId ? { parsed, registrationId, channel: passChannel(registrationId, parsed.direction) } : null;
  }
  // A waiting page asks about the same code every 2 s: its parts and MAC are worked out once (the
  // MAC ≈10 µs), and later polls only ask whether its key version is still in use.
  const checked = new BoundedCache<string, CodeParts>(PASS_CACHE_ENTRIES, CHECKED_CODE_AGE_MS, Date.now, CACHE_AGE_SPREAD);
  const checkedKey = (poiId: string, code: string) => `${poiId}|${code}`;
  /** A checked code's verdict when its key is in memory too (no waiting); else undefined. */
  const cachedVerdict = (poiId: string, parts: CodeParts) => {
    const { signed, v } = parts.parsed;
    const retired = signed ? passKeys.cachedRetired(parts.registrationId, v) : keys.cachedRetired(poiId, v);
    return retired === undefined ? undefined : retired ? ('retired' as const) : ('good' as const);
  };
  /**
   * 'good', 'retired' (made with a key since replaced: the page fetches the pass again) or 'bad'.
   * A phone's signed code is checked with its public key (pass-keys.ts), a server-made one with the
   * community key's MAC.
   */
  const macCheck = async (poiId: string, code: string, parts: CodeParts): Promise<'good' | 'retired' | 'bad'> => {
    const key = checkedKey(poiId, code);
    const { signed, v } = parts.parsed;
    // A code checked before needs only its key still in use (a rotation or a newer phone retires it).
    if (checked.get(key)) return (signed ? await passKeys.isRetired(parts.registrationId, v) : await keys.isRetired(poiId, v)) ? 'retired' : 'good';
    const verdict = signed ? await passKeys.check(poiId, parts.registrationId, parts.parsed) : await communityMac(poiId, parts.parsed);
    if (verdict === 'good') checked.set(key, parts);
    return verdict;
  };
  const communityMac = async (poiId: string, parsed: ParsedPassCode): Promise<'good' | 'retired' | 'bad'> => {
    const found = await keys.secretFor(poiId, parsed.v, parsed.id);
    if (!found || !macMatches(parsed, found.secret)) return 'bad';
    return found.retired ? 'retired' : 'good';
  };

  /** A code's state for its own person only; anyone else learns nothing, not even that it exists. */
  async function codeState(caller: Caller, poiId: string, code: string) {
    // The poll's usual case answers from the caches without waiting on a promise: a checked code,
    // its pass's snapshot and its key version all in memory.
    const seen = checked.get(checkedKey(poiId, code));
    const known = seen ?? codeParts(code);
    const snap = known && (passes.get(known.channel) ?? (await loadSnapshot(known)));
    const owned = known && snap && snap.pass.userId === caller.userId && snap.pass.poiId === poiId;
    const mac = !owned ? 'bad' : ((seen && cachedVerdict(poiId, seen)) ?? (await macCheck(poiId, code, known)));
    if (!known || !snap || mac === 'bad') throw notFound(MSG_CODE_UNKNOWN);
    const { step, direction } = known.parsed;
    const at = now();
    const use = snap.lastUse && snap.lastUse.step !== null && step <= spentThrough(snap.lastUse.step) ? snap.lastUse : null;
    const sentBack = snap.pass.status === RegistrationStatus.returned;
    const usable = isUsable(passState(snap.pass, today(at)).ptype);
    const isUse = use ? use.isUse : sentBack ? -1 : 0;
    const state = {
      codeInfo: {
        isUse,
        pass: direction,
        usedAt: use?.usedAt ? seconds(use.usedAt) : null,
        // Outside its window (or the pass ended meanwhile): the page fetches the pass again.
        expired: isUse === 0 && (!usable || mac === 'retired' || !inWindow(step, codeStepAt(at.getTime()))),
      },
      userCard: { name: snap.pass.name, owner: snap.pass.owner, communityInfo: { community: snap.community } },
    };
    return { state, expiresAt: new Date(codeWindowEnd(step) * 1000), channel: known.channel };
  }

  /** The same scanner opening the code they used a moment ago: shown again, nothing new logged. */
  const isRepeat = (last: { codeHash: string; usedBy: string | null; usedAt: Date | null } | null, hash: string, caller: Caller, at: Date) =>
    last?.codeHash === hash && last.usedBy === caller.userId && last.usedAt !== null && at.getTime() - last.usedAt.getTime() < RESCAN_GRACE_MS;

  /**
   * An invited visitor's code (the pass id is their invitation's): checked like a resident's, and
   * let through only as the invitation allows – inside its window, with an entry left, not
   * cancelled, with a document where the community asks for one (visitRefusal).
   */
  async function useVisitorCode(caller: Caller, poiId: string, known: CodeParts, code: string, logDirection: number | null) {
    const { parsed, registrationId: invitationId } = known;
    const [visit, lastUse] = await Promise.all([visits.findPass(invitationId), visits.lastUse(invitationId, parsed.direction)]);
    const mac = visit?.poiId === poiId ? await macCheck(poiId, code, known) : 'bad';
    if (!visit || mac === 'bad') throw notFound(MSG_CODE_UNKNOWN);
    if (mac === 'retired') throw conflict(MSG_CODE_EXPIRED);
    const at = now();
    const hash = passCodeHash(code);
    const direction = logDirection ?? parsed.direction;
    if (isRepeat(lastUse, hash, caller, at)) return { kind: 'visitor' as const, poiId, invitationId, name: visit.name, at, usedAt: lastUse!.usedAt!, direction, repeat: true };
    if (!inWindow(parsed.step, codeStepAt(at.getTime()))) throw conflict(MSG_CODE_EXPIRED);
    const result = await visits.useCode({
      invitationId,
      poiId,
      direction: parsed.direction,
      logDirection: direction,
      step: parsed.step,
      codeHash: hash,
      expiresAt: new Date(codeWindowEnd(parsed.step) * 1000),
      by: caller.userId,
      at,
      spentThrough,
      refusal: (row, withoutDocument) => visitRefusal(windowOf(row, withoutDocument), direction, at.getTime()),
    });
    if (!result.ok) throw conflict(result.reason === 'used' ? MSG_CODE_USED : result.message);
    if (direction === 1) await notices.visitorArrived({ userId: result.invitation.inviterId, poiId, invitationId, name: visit.name, at });
    return { kind: 'visitor' as const, poiId, invitationId, name: visit.name, at, usedAt: at, direction, repeat: false };
  }

  /**
   * A scanned code checked – made with this community's key, inside its window, not spent – and
   * its use and the entry or exit logged in one transaction; the waiting page and the person are
   * told. The same scanner reopening a code they just used gets it again (`repeat`), nothing new
   * logged. `logDirection`: the gate's, when the scanner chose one.
   */
  async function useScannedCode<C extends ScanContext>(caller: Caller, poiId: string, code: string, logDirection: number | null, read: (args: ScanContextArgs) => Promise<C | null>) {
    const known = codeParts(code);
    if (!known) throw notFound(MSG_CODE_UNKNOWN);
    // The code names a pass by a uuid: a registration's, or else (not found as one) an invited visitor's invitation.
    const { parsed, registrationId } = known;
    const context = await read({ userId: caller.userId, poiId, registrationId, direction: parsed.direction });
    // No row: no such community, and scopeOf refuses (404) before anything else is looked at.
    const scope = access.scopeOf(poiId, context?.standing ?? null);
    const { pass, lastUse } = context!;
    if (!pass) return useVisitorCode(caller, scope.poiId, known, code, logDirection);
    const mac = pass.poiId === scope.poiId ? await macCheck(scope.poiId, code, known) : 'bad';
    if (mac === 'bad') throw notFound(MSG_CODE_UNKNOWN);
    // Made with a replaced key: the person's page fetches the new one when refreshed.
    if (mac === 'retired') throw conflict(MSG_CODE_EXPIRED);
    const at = now();
    const hash = passCodeHash(code);
    const direction = logDirection ?? parsed.direction;
    if (isRepeat(lastUse, hash, caller, at)) return { kind: 'resident' as const, poiId: scope.poiId, registrationId, pass, context: context!, at, usedAt: lastUse!.usedAt!, direction, repeat: true, told: Promise.resolve() };
    if (!inWindow(parsed.step, codeStepAt(at.getTime()))) throw conflict(MSG_CODE_EXPIRED);
    const result = await gate.useCode({
      registrationId,
      poiId: scope.poiId,
      direction: parsed.direction,
      logDirection: direction,
      step: parsed.step,
      codeHash: hash,
      expiresAt: new Date(codeWindowEnd(parsed.step) * 1000),
      by: caller.userId,
      at,
      spentAfter: spentThrough(0),
      seen: pass,
      stillValid: (r) => isUsable(passState(r, beijingDate(at)).ptype),
      defaultReentryMinutes: REENTRY_DEFAULT_MINUTES,
      channel: known.channel,
    });
    if (!result.ok) {
      if (result.reason === 'inside') throw conflict(alreadyInside(Math.floor((at.getTime() - result.enteredAt.getTime()) / 60_000)));
      throw conflict(result.reason === 'invalid' ? MSG_PASS_NOT_VALID : MSG_CODE_USED);
    }
    // The waiting page and every process's copy of the pass learn it was used (the other
    // processes from the use's own NOTIFY), and the person is told: the caller awaits it together
    // with its own reads (one round trip, not two).
    events.publishedBySql([known.channel]);
    const told = notices.scanned({ userId: pass.userId, poiId: scope.poiId, codeHash: hash, direction, at });
    return { kind: 'resident' as const, poiId: scope.poiId, registrationId, pass, context: context!, at, usedAt: at, direction, repeat: false, told };
  }

  return {
    /** Listens for changed passes from every process; call once at start-up. */
    start: () => events.onAnyChange((channel) => passes.delete(channel)),

    /**
     * The pass page: the pass type for today and, when usable, the current code, its QR address
     * and what the phone needs to make the next codes itself (`codeKey`).
     */
    async myPass(caller: Caller, poiId: string, direction: number, origin: string) {
      await access.requireCommunity(poiId);
      const at = now();
      const own = await registrations.ownRegistration(caller, poiId);
      const r = own?.registration ?? null;
      const { ptype, backDay } = passState(r, beijingDate(at));
      const community = own?.community ?? (await repo.communityName(poiId));
      let code = '';
      let codeExpires = 0;
      let codeKey: PassView['codeKey'] = null;
      if (r && isUsable(ptype)) {
        // The server's own code, for a client that makes none (a native shell, the first paint);
        // the phone makes its signed codes with its own key (`kids`: the keys the server knows).
        const [key, kids] = await Promise.all([keys.passSecret(poiId, r.id), passKeys.activeKids({ registrationId: r.id })]);
        const step = codeStepAt(at.getTime());
        code = passCodeAt(key, direction, step);
        codeExpires = codeWindowEnd(step);
        // Offline for a week at most, and never past a tenant's or visitor's last day.
        const offline = at.getTime() + OFFLINE_DAYS * 86_400_000;
        const end = lastDayOf(r);
        const lastDay = end ? endOfBeijingDay(end).getTime() + 1 : offline;
        codeKey = { id: key.id, until: Math.min(offline, lastDay), kids };
      }
      const qr = code
        ? `${origin}${WebRoute.registrationDetail}?${new URLSearchParams({ poiId, openId: caller.openId, code, pass: String(direction) })}`
        : '';
      const role = await access.roleIn(caller, poiId);
      return {
        notice: r !== null && r.consentAt === null,
        userCard: {
          ptype,
          revoked: r !== null && r.status === RegistrationStatus.returned && r.revokedAt !== null,
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
          codeKey,
          serverTime: at.getTime(),
        },
        isManager: role ? ('1' as const) : ('0' as const),
      };
    },

    /** The phone's signing key for the person's own pass here (usable today only). */
    async registerKey(caller: Caller, poiId: string, publicKey: string) {
      await access.requireCommunity(poiId);
      const own = await registrations.ownRegistration(caller, poiId);
      const r = own?.registration ?? null;
      if (!r || !isUsable(passState(r, beijingDate(now())).ptype)) throw conflict(PassKeyMsg.noPass);
      return { kid: await passKeys.register({ registrationId: r.id }, poiId, publicKey) };
    },

    /** The waiting resident's poll (every 2 s). */
    async checkCode(caller: Caller, poiId: string, code: string) {
      return (await codeState(caller, poiId, code)).state;
    },

    /** Ends every push stream now (the app is draining); each page goes on polling, elsewhere. */
    closeStreams() {
      streams.closeAll();
    },

    /** The same, pushed: the stream ends once the code is used, sent back or past its window. */
    async watchCode(caller: Caller, poiId: string, code: string, reply: FastifyReply) {
      const first = await codeState(caller, poiId, code);
      await streamCodeState({
        reply,
        session: caller.sessionId,
        streams,
        first: first.state,
        channel: first.channel,
        expiresAt: first.expiresAt,
        now,
        events,
        read: async () => (await codeState(caller, poiId, code)).state,
      });
    },

    /**
     * The duty staff opened the QR's address: the code is used (see `useScannedCode`) and the
     * registration shown whole (audited).
     */
    async scan(caller: Caller, poiId: string, code: string) {
      const used = await useScannedCode(caller, poiId, code, null, gate.scanContextWithView);
      if (used.kind === 'visitor') {
        const [found] = await Promise.all([
          visits.findWithCommunity(used.invitationId),
          audit.record({ actorId: caller.userId, action: 'invitation.scan', poiId: used.poiId, subjectId: used.invitationId, rows: 1 }),
        ]);
        if (!found) throw notFound(MSG_CODE_UNKNOWN);
        const { userCard, visit } = visitorDetailView(found, pii);
        return { userCard, visit, scan: { pass: used.direction, at: seconds(used.usedAt), ptype: PassType.normal, backDay: null, repeat: used.repeat } };
      }
      // Read with the code's checks (scanContextWithView), and shown once its audit line is written.
      const found = used.context.view;
      await Promise.all([found && audit.record({ actorId: caller.userId, action: 'registration.scan', poiId: used.poiId, subjectId: used.registrationId, rows: 1 }), used.told]);
      if (!found) throw notFound(MSG_CODE_UNKNOWN);
      const state = passState(found.row.registration, beijingDate(used.at));
      return {
        userCard: detailView(found.row, pii, found.reviews, found.plates),
        scan: { pass: used.direction, at: seconds(used.usedAt), ptype: state.ptype, backDay: state.backDay, repeat: used.repeat },
      };
    },

    /** The rush-hour scanner: the same check and log, answered with the verdict only (no whole numbers, nothing audited). */
    async rushScan(caller: Caller, poiId: string, code: string, direction: number) {
      const used = await useScannedCode(caller, poiId, code, direction, gate.scanContext);
      if (used.kind === 'visitor') return { name: used.name, owner: '访客', ptype: PassType.normal, backDay: null, pass: used.direction, at: seconds(used.usedAt), repeat: used.repeat };
      await used.told;
      const state = passState(used.pass, beijingDate(used.at));
      return { name: used.pass.name, owner: used.pass.owner, ptype: state.ptype, backDay: state.backDay, pass: used.direction, at: seconds(used.usedAt), repeat: used.repeat };
    },

    async logs(caller: Caller, poiId: string, page: number, pageSize: number, days: LogDays = {}) {
      const scope = await access.requireStaff(caller, poiId);
      const rows = await gate.listLogs(scope.poiId, page, pageSize, days);
      return {
        logs: rows.map((l) => ({ _id: l.id, name: l.name, mobile: l.mobileMasked, pass: l.direction, owner: l.owner, plate: l.plateMasked, created_at: seconds(l.createdAt), offline: l.offline, conflict: l.conflict, invited: l.invitationId !== null })),
      };
    },
  };
}
export type GateService = ReturnType<typeof createGateService>;
