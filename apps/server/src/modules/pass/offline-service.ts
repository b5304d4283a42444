import { beijingDate } from '@sq/contract/beijing-time';
import { CODE_SKEW_STEPS, codeStepAt, codeWindowEnd, inWindow } from '@sq/contract/pass/code-steps';
import { MSG_CODE_EXPIRED, MSG_CODE_UNKNOWN } from '@sq/contract/pass/get-registration-detail';
import { MSG_SCAN_KEY_RETIRED, MSG_SCAN_KIT, MSG_SCAN_OUTSIDE_KIT, MSG_SCAN_TIME, OFFLINE_SCAN_MAX_AGE_DAYS } from '@sq/contract/pass/offline-scans';
import { OFFLINE_KIT_VALID_HOURS } from '@sq/contract/pass/offline-kit';
import { parsePassCode } from '@sq/contract/pass/rotating-code';
import { MSG_ROTATE_NOT_ALLOWED } from '@sq/contract/pass/rotate-gate-key';
import { forbidden } from '../../lib/errors';
import type { AccessService } from '../access/service';
import type { AuditRepo } from '../audit/repo';
import type { Caller } from '../auth/caller';
import { passIdOf, registrationIdOf, type GateKeys } from './gate-keys';
import type { GateRepo } from './gate-repo';
import type { OfflineRepo } from './offline-repo';
import type { PassKeys } from './pass-keys';
import type { NotificationService } from '../notifications/service';
import { passCodeHash } from './pass-code';
import { passChannel, type PassEvents } from './pass-events';
import { isPastEndDate, isUsable, lastDayOf, passState } from './pass-state';
import type { RegistrationRepo } from './registration-repo';
import type { OfflineKit } from '@sq/contract/pass/offline-kit';
import { VISIT_EXIT_GRACE_HOURS, visitRefusal } from '@sq/contract/visits/visit-window';
import type { VisitRepo } from '../visits/repo';
import { windowOf } from '../visits/views';

interface Deps {
  offline: OfflineRepo;
  visits: VisitRepo;
  gate: GateRepo;
  keys: GateKeys;
  /** The phones' public keys: the kit carries them, and offline scans are checked with them. */
  passKeys: PassKeys;
  repo: RegistrationRepo;
  /** Every entry and exit recorded for a person is told to them, offline ones included. */
  notices: Pick<NotificationService, 'scanned' | 'visitorArrived'>;
  access: AccessService;
  events: PassEvents;
  audit: AuditRepo;
  now: () => Date;
}

/** Scans made this far ahead of the server's clock are refused (the scanner counts on the server's). */
const FUTURE_SLACK_MS = 60_000;

/** The duty staff's scanner with no signal (issue 13 item 2; docs/decisions/offline-gate.md "Offline scanner"). */
/** Invitations whose window opens within this are in the kit (a scanner refreshes it every minute online). */
const VISITS_AHEAD_MS = 86_400_000;

export function createOfflineGateService({ offline, visits, gate, keys, passKeys, repo, access, events, notices, audit, now }: Deps) {
  return {
    /** 更换核验密钥: administrators and managers; audited (a lost duty phone is shut out with it). */
    async rotateKey(caller: Caller, poiId: string) {
      const scope = await access.requireStaff(caller, poiId);
      if (scope.role.kind === 'duty') throw forbidden(MSG_ROTATE_NOT_ALLOWED);
      const v = await keys.rotate(scope.poiId, now());
      await audit.record({ actorId: caller.userId, action: 'gate.rotateKey', poiId: scope.poiId, subjectId: null, rows: 0 });
      return { v };
    },

    /**
     * Today's usable passes with their phones' public keys, and the recently ended ones, for staff
     * of the community; each kit is recorded with its validity (scans name it when sent).
     */
    async kit(caller: Caller, poiId: string) {
      const scope = await access.requireStaff(caller, poiId);
      const at = now();
      const today = beijingDate(at);
      const [{ rows, stamp }, invited, deviceKeys, community] = await Promise.all([
        offline.kitRows(scope.poiId, at),
        offline.kitVisits(scope.poiId, at, VISITS_AHEAD_MS, VISIT_EXIT_GRACE_HOURS * 3_600_000),
        passKeys.activeIn(scope.poiId),
        repo.communityName(scope.poiId),
      ]);
      const keysOf = new Map<string, { kid: number; publicKey: string }[]>();
      let keyStamp = 0;
      for (const k of deviceKeys) {
        const owner = k.registrationId ?? k.invitationId!;
        keysOf.set(owner, [...(keysOf.get(owner) ?? []), { kid: k.kid, publicKey: k.publicKey }]);
        keyStamp = Math.max(keyStamp, k.createdAt.getTime());
      }
      const passes: OfflineKit['passes'] = [];
      const ended: OfflineKit['ended'] = [];
      for (const r of rows) {
        const id = passIdOf(r.id);
        if (r.status === -1) ended.push({ id, name: r.name, why: 'returned' });
        else if (isPastEndDate(r, today)) ended.push({ id, name: r.name, why: 'expired' });
        else if (isUsable(passState(r, today).ptype)) passes.push({ id, keys: keysOf.get(r.id) ?? [], name: r.name, owner: r.owner, until: lastDayOf(r) });
      }
      for (const i of invited.rows) {
        const w = windowOf(i, invited.withoutDocument);
        if (w.cancelled) ended.push({ id: passIdOf(i.id), name: i.name, why: 'cancelled' });
        else if (!w.needsDocument)
          passes.push({ id: passIdOf(i.id), keys: keysOf.get(i.id) ?? [], name: i.name, owner: '访客', until: beijingDate(new Date(w.end * 1000 + VISIT_EXIT_GRACE_HOURS * 3_600_000)), visit: { start: w.start, end: w.end, entries: w.entries, entriesUsed: w.entriesUsed } });
      }
      const validUntil = new Date(at.getTime() + OFFLINE_KIT_VALID_HOURS * 3_600_000);
      const kitId = await offline.issueKit(scope.poiId, caller.userId, at, validUntil);
      const version = `${stamp}-v${invited.stamp}-k${deviceKeys.length}.${keyStamp}`;
      return { poiId: scope.poiId, community, serverTime: at.getTime(), version, kitId, validUntil: validUntil.getTime(), passes, ended };
    },

    /** The queued scans, each checked and logged as at its own time (see the contract). */
    async record(caller: Caller, poiId: string, scans: { code: string; pass: number; at: number; kit: string }[]) {
      const scope = await access.requireStaff(caller, poiId);
      const results: { code: string; at: number; result: 'logged' | 'repeat' | 'conflict' | 'refused'; message: string }[] = [];
      const changed = new Set<string>();
      const serverNow = now().getTime();
      // The kits the scans name, of this community: any of its staff's (a duty phone handed over at
      // a change of shift sends the queue its last holder made).
      const kits = new Map((await offline.kits([...new Set(scans.map((s) => s.kit))])).filter((k) => k.poiId === scope.poiId).map((k) => [k.id, k]));
      for (const scan of scans) {
        const refuse = (message: string) => results.push({ code: scan.code, at: scan.at, result: 'refused', message });
        if (scan.at > serverNow + FUTURE_SLACK_MS || scan.at < serverNow - OFFLINE_SCAN_MAX_AGE_DAYS * 86_400_000) {
          refuse(MSG_SCAN_TIME);
          continue;
        }
        const kit = kits.get(scan.kit);
        if (!kit) {
          refuse(MSG_SCAN_KIT);
          continue;
        }
        if (scan.at < kit.issuedAt.getTime() - FUTURE_SLACK_MS || scan.at > kit.validUntil.getTime()) {
          refuse(MSG_SCAN_OUTSIDE_KIT);
          continue;
        }
        const parsed = parsePassCode(scan.code);
        const registrationId = parsed && registrationIdOf(parsed.id);
        const pass = registrationId ? await gate.findPass(registrationId) : null;
        // No registration's: an invited visitor's, perhaps.
        const visit = registrationId && !pass ? await visits.findPass(registrationId) : null;
        // Only a phone's signed code could have been checked offline (the kit holds public keys
        // only), with the key it names valid at the scan's time.
        const verdict = parsed && registrationId && (pass ?? visit)?.poiId === scope.poiId ? await passKeys.check(scope.poiId, registrationId, parsed, new Date(scan.at)) : 'bad';
        if (verdict !== 'good' || !parsed || !registrationId) {
          refuse(verdict === 'retired' ? MSG_SCAN_KEY_RETIRED : MSG_CODE_UNKNOWN);
          continue;
        }
        if (!inWindow(parsed.step, codeStepAt(scan.at))) {
          refuse(MSG_CODE_EXPIRED);
          continue;
        }
        const at = new Date(scan.at);
        const codeHash = passCodeHash(scan.code);
        const result = await offline.record({
          pass: visit
            ? { invitationId: registrationId, late: (row, withoutDocument) => visitRefusal(windowOf(row, withoutDocument), scan.pass, scan.at) !== null }
            : { registrationId },
          codeHash,
          poiId: scope.poiId,
          direction: parsed.direction,
          logDirection: scan.pass,
          step: parsed.step,
          window: 2 * CODE_SKEW_STEPS,
          expiresAt: new Date(codeWindowEnd(parsed.step) * 1000),
          by: caller.userId,
          at,
        });
        if (result === 'gone') refuse(MSG_CODE_UNKNOWN);
        else {
          results.push({ code: scan.code, at: scan.at, result, message: '' });
          changed.add(passChannel(registrationId, parsed.direction));
          // The person learns of every entry and exit logged for them (a repeat was told already).
          if (result !== 'repeat') {
            if (pass) await notices.scanned({ userId: pass.userId, poiId: scope.poiId, codeHash, direction: scan.pass, at });
            else if (visit && scan.pass === 1) await notices.visitorArrived({ userId: visit.inviterId, poiId: scope.poiId, invitationId: visit.id, name: visit.name, at });
          }
        }
      }
      // Pages still open on those passes learn of the use.
      await events.publish([...changed]);
      return { results };
    },
  };
}
export type OfflineGateService = ReturnType<typeof createOfflineGateService>;
