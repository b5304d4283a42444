import { maskMobile } from '@sq/contract/rules';
import { beijingDate, beijingDateTime } from '@sq/contract/beijing-time';
import { MSG_NOT_OWNERS_VOTE, MSG_OWNERS_NOT_ALLOWED, MSG_OWNERS_ONLY_VIEW, squareMetres } from '@sq/contract/polls/owners-rules';
import { MSG_POLL_NOT_FOUND } from '@sq/contract/polls/poll-rules';
import { COMMITTEE_MAX, NOTICE_DAYS_MAX, NOTICE_DAYS_MIN, OFFICERS_MAX, RolesMsg, type OfficerRole } from '@sq/contract/polls/owners-roles';
import { CorrectionMsg } from '@sq/contract/polls/owners-corrections';
import { OBJECTION_DAYS_AFTER_RESULT, ObjectionMsg, OBJECTIONS_PER_OWNER } from '@sq/contract/polls/owners-objections';
import { WebRoute } from '@sq/contract/routes';
import { BALLOT_CHANNELS, type BallotChannel } from '@sq/contract/polls/paper-proxy';
import { badRequest, conflict, forbidden, notFound, notLoggedIn } from '../../lib/errors';
import type { PiiCipher } from '../../lib/crypto';
import type { AccessService, CommunityRole } from '../access/service';
import type { AuditRepo } from '../audit/repo';
import type { Caller } from '../auth/caller';
import type { OwnersRepo } from './owners-repo';
import type { ProcedureRepo } from './procedure-repo';
import type { PollsRepo } from './repo';
import { fixRollIfStarted } from './roll-fix';
import type { OwnersNotices, VoteRoles } from './service';

/** An owners' vote's procedure as its result workbook prints it. */
export interface ExportProcedure {
  issuer: string;
  counters: string[];
  scrutineers: string[];
  corrections: { label: string; at: Date; areaBefore: number; areaAfter: number; reason: string }[];
  objectionsUntil: Date;
  /** Ballots not counted: refused (the home had voted) or voided paper ballots (with the reason). */
  notCounted: { label: string; channel: string; at: Date; voidReason: string | null }[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY_MS = 86_400_000;
const unixSeconds = (at: Date) => Math.floor(at.getTime() / 1000);
const ROLE_CODE: Record<OfficerRole, 1 | 2> = { counter: 1, scrutineer: 2 };
const ROLE_OF = { 1: 'counter', 2: 'scrutineer' } as const;
const manages = (role: CommunityRole | null) => role?.kind === 'administrator' || role?.kind === 'manager';

/**
 * The procedure of owners' votes beyond the ballot (issue 37 item 3): the 业主委员会 and the notice
 * period of a community, the 计票人/监票人 of a vote, corrections of a running vote's roll and
 * owners' objections. Every change is audited without names or mobiles.
 */
export function createProcedureService(deps: {
  repo: ProcedureRepo;
  polls: PollsRepo;
  owners: OwnersRepo;
  access: AccessService;
  audit: AuditRepo;
  pii: PiiCipher;
  now: () => Date;
  notices?: OwnersNotices;
}) {
  const { repo, polls, owners, access, audit, pii, now, notices } = deps;

  async function ownersVote(id: string) {
    const poll = UUID.test(id) ? await polls.findPoll(id.toLowerCase()) : null;
    if (!poll) throw notFound(MSG_POLL_NOT_FOUND);
    if (poll.mode !== 1 || !poll.poiId) throw badRequest(MSG_NOT_OWNERS_VOTE);
    return poll as typeof poll & { poiId: string };
  }
  type Vote = Awaited<ReturnType<typeof ownersVote>>;

  /** Who the caller is to the vote; refused like the vote itself for anyone else. */
  async function viewer(poll: Vote, caller: Caller | null) {
    if (!caller) throw notLoggedIn();
    await fixRollIfStarted({ owners, audit, now }, poll);
    const [myUnits, role] = await Promise.all([owners.unitsOf(poll.id, caller.userId, poll.secret), access.roleIn(caller, poll.poiId)]);
    if (!myUnits.length && !role && poll.creatorId !== caller.userId) throw forbidden(MSG_OWNERS_ONLY_VIEW);
    return { myUnits, role, creator: poll.creatorId === caller.userId };
  }

  /** Objections run from the announcement until OBJECTION_DAYS_AFTER_RESULT days after the result (deadline or cancellation). */
  const objectionsUntil = (poll: Vote) => new Date((poll.cancelledAt ?? poll.endTime).getTime() + OBJECTION_DAYS_AFTER_RESULT * DAY_MS);

  /**
   * Who may start an owners' vote in a community, and in whose name: a member of its 业主委员会 (the
   * committee issues it), else its administrators and managers (the organiser). The one rule behind
   * both the creation of a vote and the web's question whether to offer it.
   */
  async function startStanding(caller: Caller, poiId: string): Promise<{ poiId: string; committee: boolean } | null> {
    if (await repo.isCommitteeMember(poiId, caller.userId)) return { poiId, committee: true };
    const scope = await access.requireResident(caller, poiId, beijingDate(now()));
    return manages(scope.role) ? { poiId: scope.poiId, committee: false } : null;
  }

  const roles: VoteRoles = {
    async issuerOf(caller, poiId) {
      const standing = await startStanding(caller, poiId);
      if (!standing) throw forbidden(MSG_OWNERS_NOT_ALLOWED);
      return standing;
    },
    markByCommittee: (pollId) => repo.markByCommittee(pollId),
    isOfficer: (pollId, userId) => repo.isOfficer(pollId, userId),
  };

  async function requireAdministrator(caller: Caller, poiId: string, message: string) {
    const scope = await access.requireStaff(caller, poiId);
    if (scope.role.kind !== 'administrator') throw forbidden(message);
    return scope;
  }

  return {
    roles,

    /** /vote's question: may the caller start an owners' vote here, and who will the notice name as issuer. */
    async startInfo(caller: Caller, poiId: string) {
      const standing = await startStanding(caller, poiId);
      if (!standing) return { canStart: false, committee: false, issuer: '', noticeDays: await owners.noticeDays(poiId) };
      const [community, noticeDays] = await Promise.all([owners.communityName(standing.poiId), owners.noticeDays(standing.poiId)]);
      return { canStart: true, committee: standing.committee, issuer: standing.committee ? `${community}业主委员会` : community, noticeDays };
    },

    async committee(caller: Caller, poiId: string) {
      const scope = await access.requireStaff(caller, poiId);
      const rows = await repo.committee(scope.poiId);
      return { members: rows.map((m) => ({ _id: m.id, name: pii.decrypt(m.nameEnc), mobile: maskMobile(pii.decrypt(m.mobileEnc)) })), canEdit: scope.role.kind === 'administrator' };
    },
    async addMember(caller: Caller, body: { poiId: string; name: string; mobile: string }) {
      const scope = await requireAdministrator(caller, body.poiId, RolesMsg.committeeOnlyAdmin);
      const id = await repo.addMember(scope.poiId, { nameEnc: pii.encrypt(body.name), mobileHash: pii.hash(body.mobile), mobileEnc: pii.encrypt(body.mobile) }, COMMITTEE_MAX);
      if (id === 'full') throw badRequest(RolesMsg.committeeFull);
      if (!id) throw conflict(RolesMsg.committeeTwice);
      await audit.record({ actorId: caller.userId, action: 'owners.committee.add', poiId: scope.poiId, subjectId: id, rows: 1, detail: {} });
      return { _id: id };
    },
    async removeMember(caller: Caller, body: { poiId: string; _id: string }) {
      const scope = await requireAdministrator(caller, body.poiId, RolesMsg.committeeOnlyAdmin);
      if (!UUID.test(body._id) || !(await repo.removeMember(scope.poiId, body._id.toLowerCase()))) throw notFound(RolesMsg.memberNotFound);
      await audit.record({ actorId: caller.userId, action: 'owners.committee.remove', poiId: scope.poiId, subjectId: body._id.toLowerCase(), rows: 1, detail: {} });
      return { removed: true };
    },

    async settings(caller: Caller, poiId: string) {
      const scope = await access.requireStaff(caller, poiId);
      return { noticeDays: await owners.noticeDays(scope.poiId), min: NOTICE_DAYS_MIN, max: NOTICE_DAYS_MAX, canEdit: scope.role.kind === 'administrator' };
    },
    async saveSettings(caller: Caller, body: { poiId: string; noticeDays: number }) {
      const scope = await requireAdministrator(caller, body.poiId, RolesMsg.settingsOnlyAdmin);
      const from = await owners.noticeDays(scope.poiId);
      await repo.setNoticeDays(scope.poiId, body.noticeDays);
      await audit.record({ actorId: caller.userId, action: 'owners.settings', poiId: scope.poiId, subjectId: null, rows: 1, detail: { noticeDays: { from, to: body.noticeDays } } });
      return { noticeDays: body.noticeDays };
    },

    async addOfficer(caller: Caller, id: string, body: { role: OfficerRole; name: string; mobile: string }) {
      const poll = await ownersVote(id);
      const me = await viewer(poll, caller);
      if (!manages(me.role) && !me.creator) throw forbidden(RolesMsg.officersNotAllowed);
      if (poll.cancelledAt) throw conflict(RolesMsg.officersCancelled);
      const mobileHash = pii.hash(body.mobile);
      if (!(await repo.eligibleOfficer(poll.id, poll.poiId, mobileHash))) throw badRequest(RolesMsg.officerNotEligible);
      const officer = await repo.addOfficer(poll.id, { role: ROLE_CODE[body.role], nameEnc: pii.encrypt(body.name), mobileHash, mobileEnc: pii.encrypt(body.mobile) }, OFFICERS_MAX);
      if (officer === 'full') throw badRequest(RolesMsg.officersFull);
      if (!officer) throw conflict(RolesMsg.officerTwice);
      await audit.record({ actorId: caller.userId, action: 'poll.owners.officer', poiId: poll.poiId, subjectId: poll.id, rows: 1, detail: { role: body.role, officer } });
      return { _id: officer };
    },
    async removeOfficer(caller: Caller, id: string, body: { _id: string }) {
      const poll = await ownersVote(id);
      const me = await viewer(poll, caller);
      if (!manages(me.role) && !me.creator) throw forbidden(RolesMsg.officersNotAllowed);
      if (!UUID.test(body._id) || !(await repo.removeOfficer(poll.id, body._id.toLowerCase()))) throw notFound(RolesMsg.memberNotFound);
      await audit.record({ actorId: caller.userId, action: 'poll.owners.officer.remove', poiId: poll.poiId, subjectId: poll.id, rows: 1, detail: { officer: body._id.toLowerCase() } });
      return { removed: true };
    },

    async procedure(caller: Caller | null, id: string) {
      const poll = await ownersVote(id);
      const me = await viewer(poll, caller);
      const staffView = me.role !== null;
      const [officers, corrections, isOfficer, community, homes] = await Promise.all([
        repo.officers(poll.id),
        repo.corrections(poll.id),
        repo.isOfficer(poll.id, caller!.userId),
        owners.communityName(poll.poiId),
        manages(me.role) ? repo.rollLabels(poll.id) : Promise.resolve([]),
      ]);
      const until = objectionsUntil(poll);
      return {
        issuer: { committee: poll.byCommittee, name: poll.byCommittee ? `${community}业主委员会` : community },
        officers: officers.map((o) => ({ _id: o.id, role: ROLE_OF[o.role as 1 | 2], name: pii.decrypt(o.nameEnc), mobile: staffView ? maskMobile(pii.decrypt(o.mobileEnc)) : '' })),
        corrections: corrections.map((c) => ({
          label: c.label,
          at: unixSeconds(c.createdAt),
          reason: c.reason,
          before: { area: squareMetres(c.areaBefore), voters: c.votersBefore },
          after: { area: squareMetres(c.areaAfter), voters: c.votersAfter },
        })),
        homes,
        objectionsUntil: unixSeconds(until),
        canManage: manages(me.role) || me.creator,
        isOfficer,
        canObject: me.myUnits.length > 0 && now().getTime() < until.getTime(),
        canAnswer: manages(me.role),
      };
    },

    /** What the result's workbook adds for an owners' vote (the export itself checks who may have it). */
    async forExport(pollId: string): Promise<ExportProcedure> {
      const poll = await ownersVote(pollId);
      const [officers, corrections, community, notCounted] = await Promise.all([repo.officers(poll.id), repo.corrections(poll.id), owners.communityName(poll.poiId), repo.notCounted(poll.id)]);
      const named = (role: 1 | 2) => officers.filter((o) => o.role === role).map((o) => pii.decrypt(o.nameEnc));
      return {
        issuer: poll.byCommittee ? `${community}业主委员会` : community,
        counters: named(1),
        scrutineers: named(2),
        corrections: corrections.map((c) => ({ label: c.label, at: c.createdAt, areaBefore: c.areaBefore, areaAfter: c.areaAfter, reason: c.reason })),
        objectionsUntil: objectionsUntil(poll),
        notCounted: notCounted.map((r) => ({ label: r.label, channel: BALLOT_CHANNELS[r.channel as BallotChannel] ?? '', at: r.at, voidReason: r.voidReason })),
      };
    },

    /** 更正名册: one home brought in line with the register, with a reason; refused where the count already relied on it. */
    async correct(caller: Caller, id: string, body: { label: string; reason: string }) {
      const poll = await ownersVote(id);
      const scope = await access.requireStaff(caller, poll.poiId);
      if (scope.role.kind === 'duty') throw forbidden(CorrectionMsg.notAllowed);
      await fixRollIfStarted({ owners, audit, now }, poll);
      if (poll.startTime && poll.startTime.getTime() > now().getTime()) throw badRequest(CorrectionMsg.notStarted);
      const done = await repo.correct(poll.id, poll.poiId, body.label, body.reason, caller.userId, now());
      if (!done.ok) throw (done.why === 'over' || done.why === 'voted' ? conflict : badRequest)(CorrectionMsg[done.why]);
      await audit.record({
        actorId: caller.userId,
        action: 'poll.owners.correct',
        poiId: poll.poiId,
        subjectId: poll.id,
        rows: 1,
        detail: { unit: done.unitId, label: body.label, area: { from: done.areaBefore, to: done.areaAfter }, voters: { from: done.votersBefore, to: done.votersAfter }, reason: body.reason },
      });
      return { area: squareMetres(done.areaAfter), voters: done.votersAfter };
    },

    async sendObjection(caller: Caller, id: string, body: { text: string }) {
      const poll = await ownersVote(id);
      const me = await viewer(poll, caller);
      if (!me.myUnits.length) throw forbidden(ObjectionMsg.notOwner);
      if (now().getTime() >= objectionsUntil(poll).getTime()) throw conflict(ObjectionMsg.closed);
      const objection = await repo.addObjection({ pollId: poll.id, userId: caller.userId, homes: me.myUnits.map((u) => u.label).join('、'), text: body.text }, OBJECTIONS_PER_OWNER);
      if (!objection) throw conflict(ObjectionMsg.tooMany);
      await audit.record({ actorId: caller.userId, action: 'poll.owners.objection', poiId: poll.poiId, subjectId: poll.id, rows: 1, detail: { objection } });
      return { _id: objection };
    },
    async objections(caller: Caller | null, id: string) {
      const poll = await ownersVote(id);
      const me = await viewer(poll, caller);
      const rows = await repo.objections(poll.id, me.role ? null : caller!.userId);
      return {
        objections: rows.map((o) => ({
          _id: o.id,
          homes: o.homes,
          text: o.text,
          at: unixSeconds(o.createdAt),
          mine: o.userId === caller!.userId,
          answer: o.answer,
          answeredAt: o.answeredAt ? unixSeconds(o.answeredAt) : null,
        })),
      };
    },
    /** Staff answer an objection once; the owner is told (消息, and SMS/WeChat by their settings). */
    async answer(caller: Caller, id: string, body: { _id: string; answer: string }) {
      const poll = await ownersVote(id);
      const scope = await access.requireStaff(caller, poll.poiId);
      if (scope.role.kind === 'duty') throw forbidden(ObjectionMsg.answerNotAllowed);
      const objection = UUID.test(body._id) ? body._id.toLowerCase() : null;
      if (!objection || !(await repo.objectionExists(poll.id, objection))) throw notFound(ObjectionMsg.notFound);
      const owner = await repo.answer(poll.id, objection, body.answer, caller.userId, now());
      if (!owner) throw conflict(ObjectionMsg.answered);
      await audit.record({ actorId: caller.userId, action: 'poll.owners.answer', poiId: poll.poiId, subjectId: poll.id, rows: 1, detail: { objection } });
      await notices?.ownersVote({
        userId: owner,
        poiId: poll.poiId,
        what: poll.title,
        reason: `：您的异议已于 ${beijingDateTime(now())} 答复：${body.answer}`,
        link: `${WebRoute.poll}?id=${poll.id}`,
        event: `answer:${objection}`,
      });
      return { answered: true };
    },
  };
}
export type ProcedureService = ReturnType<typeof createProcedureService>;
