import { createHash, randomInt } from 'node:crypto';
import { beijingDate, beijingDateTime, parseBeijingMinute } from '@sq/contract/beijing-time';
import { normaliseReceipt } from '@sq/contract/polls/check-receipt';
import { MSG_NOT_SECRET, receiptHashInput } from '@sq/contract/polls/list-receipts';
import { MSG_ALREADY_EXTENDED, MSG_EXTEND_NOT_LATER, MSG_PROCEDURE_NOT_ALLOWED, MSG_VOTE_CANCELLED, MSG_VOTE_OVER } from '@sq/contract/polls/owners-procedure';
import type { CreatePollBody } from '@sq/contract/polls/create-poll';
import type { PollDetail } from '@sq/contract/polls/get-poll';
import { POLL_LIST_PAGE_SIZE, type ResidentPollItem } from '@sq/contract/polls/list-polls';
import {
  MSG_NOT_AN_OWNER,
  MSG_OWNERS_EMPTY_REGISTER,
  MSG_OWNERS_ONLY_VIEW,
  MSG_SECRET_NO_LIST,
  MSG_UNITS_ALREADY_VOTED,
  MSG_NOT_OWNERS_VOTE,
  OWNERS_AGREE_INDEX,
  OWNERS_OPTIONS,
  ART278_ITEMS,
  itemCitation,
  matterOfItem,
  ownersOutcome,
  MSG_END_BEFORE_START,
  MSG_NOT_STARTED,
  MSG_START_INVALID,
  msgStartTooSoon,
  OWNERS_NOTICE_DAYS_DEFAULT,
  publishedAreaCenti,
  SECRET_AREA_STEP_CENTI,
  squareMetres,
  type Art278Item,
} from '@sq/contract/polls/owners-rules';
import { AREA_RULE, OWNERS_COUNT_RULE } from '@sq/contract/polls/owners-count';
import {
  deadlineProblem,
  MSG_ALREADY_VOTED,
  MSG_END_TIME_INVALID,
  MSG_EXPORT_NOT_ALLOWED,
  MSG_OPTION_NOT_IN_POLL,
  MSG_POLL_EXPIRED,
  MSG_POLL_NOT_FOUND,
  MSG_RESULTS_HIDDEN,
  MSG_SINGLE_CHOICE_ONLY,
  PollType,
} from '@sq/contract/polls/poll-rules';
import { WebRoute } from '@sq/contract/routes';
import { badRequest, conflict, forbidden, notFound, notLoggedIn } from '../../lib/errors';
import type { AccessService, CommunityRole } from '../access/service';
import type { AuditRepo } from '../audit/repo';
import type { Caller } from '../auth/caller';
import type { OwnersRepo } from './owners-repo';
import { fixRollIfStarted } from './roll-fix';
import type { ListedPoll, PollListRepo } from './list-repo';
import type { PollsRepo } from './repo';
import type { SecretRepo } from './secret-repo';

/** Poll ids are uuids; anything else is simply not a poll (and must not reach a uuid column). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const flag = (on: boolean): '0' | '1' => (on ? '1' : '0');
const unixSeconds = (at: Date) => Math.floor(at.getTime() / 1000);

/** Receipt letters: no 0/O or 1/I to misread; 12 of 32 symbols are 60 bits, beyond guessing. */
const RECEIPT_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function newReceipt(): string {
  const code = Array.from({ length: 12 }, () => RECEIPT_ALPHABET[randomInt(RECEIPT_ALPHABET.length)]).join('');
  return code.replace(/(.{4})(?=.)/g, '$1-');
}
export const receiptHash = (pollId: string, receipt: string) => createHash('sha256').update(receiptHashInput(pollId, normaliseReceipt(receipt))).digest('base64url');

export type PollRow = NonNullable<Awaited<ReturnType<PollsRepo['findPoll']>>>;
type CreateInput = Omit<CreatePollBody, 'type' | 'info' | 'owners' | 'secret' | 'hideResults' | 'matter' | 'matterItem'> & {
  info: string;
  type?: 0 | 1;
  owners: boolean;
  matter: 0 | 1;
  matterItem?: Art278Item;
  secret: boolean;
  hideResults: boolean;
};
export interface VoteInput {
  id: string;
  options: string | string[];
}

/** What a viewer of an owners' vote is to it: their units in it and their role in its community. */
interface Standing {
  myUnits: { unitId: string; label: string; choice: string | null }[];
  role: CommunityRole | null;
  /** A 计票人/监票人 of the vote: sees a closed open-ballot count before the deadline (secret: never). */
  officer?: boolean;
}

interface Counts {
  perOption: Map<string, { votes: number; areaCenti: number; owners: number }>;
  voters: number;
  votedAreaCenti: number;
  votedOwners: number;
}

/** A listed poll as the caller's lists show it. */
function listedItem(r: ListedPoll, caller: Caller, at: Date): ResidentPollItem {
  const expired = r.endTime.getTime() <= at.getTime();
  // An owners' vote is voted when every home of the caller's has voted (by any co-owner).
  const isVote = r.owners ? r.hasUnits && !r.unvotedUnit : r.voted;
  return {
    _id: r.id,
    title: r.title,
    type: r.type === PollType.single ? 0 : 1,
    end_time: unixSeconds(r.endTime),
    expired,
    voters: r.voters,
    isVote: flag(isVote),
    isAdmin: flag(r.creatorId === caller.userId),
    owners: r.owners,
    secret: r.secret,
    canVote: !expired && (r.owners ? r.unvotedUnit : !r.voted),
  };
}

/** Who may start an owners' vote and who sees its closed count (vote-roles.ts). */
export interface VoteRoles {
  issuerOf(caller: Caller, poiId: string): Promise<{ poiId: string; committee: boolean }>;
  markByCommittee(pollId: string): Promise<void>;
  isOfficer(pollId: string, userId: string): Promise<boolean>;
}

/** How owners are told of their vote (the notifications service's `ownersVote`). */
export interface OwnersNotices {
  /** `userId` null: an owner without an account, told by SMS at `mobileEnc` (a paper ballot for their home). */
  ownersVote(e: { userId: string | null; mobileEnc?: string; poiId: string; what: string; reason: string; link: string; event: string }): Promise<void>;
}

/** Where a refused ballot is listed for staff (paper-proxy-service `refusedOnline`). */
export interface RefusedBallots {
  refusedOnline(pollId: string, caller: Caller, labels: string[]): Promise<void>;
}

export function createPollsService(deps: {
  repo: PollsRepo;
  lists: PollListRepo;
  owners: OwnersRepo;
  secret: SecretRepo;
  access: AccessService;
  audit: AuditRepo;
  now: () => Date;
  notices?: OwnersNotices;
  roles: VoteRoles;
  refused?: RefusedBallots;
}) {
  const { repo, lists, owners, secret, access, audit, now, notices, roles, refused } = deps;

  /** Tells every owner in the vote's roll who has an account (消息, and SMS/WeChat by their settings). */
  async function tellOwners(pollId: string, poiId: string, what: string, reason: string, event: string) {
    if (!notices) return;
    const link = `${WebRoute.poll}?id=${pollId}`;
    for (const userId of await owners.ownerAccounts(pollId)) await notices.ownersVote({ userId, poiId, what, reason, link, event: `${event}:${pollId}` });
  }

  async function requirePoll(id: string) {
    const poll = UUID.test(id) ? await repo.findPoll(id.toLowerCase()) : null;
    if (!poll) throw notFound(MSG_POLL_NOT_FOUND);
    return poll;
  }

  const expired = (poll: PollRow) => poll.endTime.getTime() <= now().getTime();
  /** Results closed until the deadline: asked for, and always for a secret ballot (no live results to watch ballots arrive by). */
  const closed = (poll: PollRow, officer = false) => ((poll.hideResults && !officer) || poll.secret) && !expired(poll);

  /** An owners' vote is for its owners, its community's staff and its creator only. */
  async function standingIn(poll: PollRow, caller: Caller | null): Promise<Standing> {
    if (poll.mode !== 1) return { myUnits: [], role: null };
    if (!caller) throw notLoggedIn();
    await fixRollIfStarted({ owners, audit, now }, poll);
    const [myUnits, role] = await Promise.all([owners.unitsOf(poll.id, caller.userId, poll.secret), poll.poiId ? access.roleIn(caller, poll.poiId) : null]);
    if (!myUnits.length && !role && poll.creatorId !== caller.userId) throw forbidden(MSG_OWNERS_ONLY_VIEW);
    const officer = poll.hideResults && !poll.secret ? await roles.isOfficer(poll.id, caller.userId) : false;
    return { myUnits, role, officer };
  }

  /** Votes per option and turnout, from wherever this kind of poll keeps its ballots. */
  async function countsOf(poll: PollRow, optionVotes: { id: string; votes: number }[]): Promise<Counts> {
    if (poll.secret) {
      const [tallies, voters] = await Promise.all([secret.tallies(poll.id), secret.voterCount(poll.id)]);
      const perOption = new Map(tallies.map((t) => [t.optionId, { votes: t.votes, areaCenti: t.areaCenti, owners: t.owners }]));
      // An owners' ballot picks exactly one option, so the options' sums are the turnout.
      const sum = (k: 'areaCenti' | 'owners') => tallies.reduce((n, t) => n + t[k], 0);
      return { perOption, voters, votedAreaCenti: sum('areaCenti'), votedOwners: sum('owners') };
    }
    if (poll.mode === 1) {
      const [tally, voted] = await Promise.all([owners.openTally(poll.id), owners.openVoted(poll.id)]);
      const perOption = new Map(tally.map((t) => [t.optionId, { votes: t.units, areaCenti: t.areaCenti, owners: t.owners }]));
      return { perOption, voters: voted.units, votedAreaCenti: voted.areaCenti, votedOwners: voted.owners };
    }
    const voters = await repo.countVoters(poll.id);
    return { perOption: new Map(optionVotes.map((o) => [o.id, { votes: o.votes, areaCenti: 0, owners: 0 }])), voters, votedAreaCenti: 0, votedOwners: 0 };
  }

  /** The owners' block of the detail: totals, turnout, per option, and art. 278's thresholds. */
  async function ownersBlock(poll: PollRow, options: { id: string }[], counts: Counts, hidden: boolean): Promise<NonNullable<PollDetail['poll']['owners']>> {
    // By channel only with the tally: for a secret vote after the deadline, when nothing follows from it.
    const [total, noticeDays, channels] = await Promise.all([
      owners.totals(poll.id),
      poll.poiId ? owners.noticeDays(poll.poiId) : OWNERS_NOTICE_DAYS_DEFAULT,
      hidden ? Promise.resolve(null) : owners.channels(poll.id, poll.secret),
    ]);
    const agree = counts.perOption.get(options[OWNERS_AGREE_INDEX]?.id ?? '') ?? { votes: 0, areaCenti: 0, owners: 0 };
    const outcome = ownersOutcome(
      {
        totalArea: total.areaCenti,
        totalOwners: total.owners,
        votedArea: counts.votedAreaCenti,
        votedOwners: counts.votedOwners,
        agreeArea: agree.areaCenti,
        agreeOwners: agree.owners,
      },
      poll.matter === 1 ? 1 : 0,
    );
    // A secret vote publishes areas rounded (docs/decisions/owners-votes.md, "Rounded sums"): the
    // exact sums decide the thresholds above, but a published one must not single out a home.
    const shown = (centi: number) => squareMetres(poll.secret ? publishedAreaCenti(centi) : centi);
    const item = poll.matterItem && poll.matterItem in ART278_ITEMS ? (poll.matterItem as Art278Item) : null;
    return {
      matter: poll.matter === 1 ? 1 : 0,
      matterItem: item,
      matterText: item ? itemCitation(item) : null,
      countRule: OWNERS_COUNT_RULE,
      areaRule: AREA_RULE,
      areaSources: { registered: total.registered, surveyed: total.surveyed, contract: total.contract, unknown: total.units - total.registered - total.surveyed - total.contract },
      areaRoundedTo: poll.secret ? SECRET_AREA_STEP_CENTI / 100 : 0,
      announced: unixSeconds(poll.createdAt),
      start_time: poll.startTime ? unixSeconds(poll.startTime) : null,
      noticeDays,
      extendReason: poll.extendReason,
      cancelled: poll.cancelledAt ? { at: unixSeconds(poll.cancelledAt), reason: poll.cancelReason ?? '' } : null,
      total: { units: total.units, area: squareMetres(total.areaCenti), owners: total.owners },
      voted: { units: counts.voters, area: shown(counts.votedAreaCenti), owners: counts.votedOwners },
      options: hidden
        ? []
        : options.map((o) => {
            const c = counts.perOption.get(o.id) ?? { votes: 0, areaCenti: 0, owners: 0 };
            return { option_id: o.id, units: c.votes, area: shown(c.areaCenti), owners: c.owners };
          }),
      thresholds: hidden
        ? []
        : poll.secret
          ? outcome.thresholds.map((th) =>
              th.key === 'votedArea' ? { ...th, value: publishedAreaCenti(th.value) } : th.key === 'agreeArea' ? { ...th, value: publishedAreaCenti(th.value), of: publishedAreaCenti(th.of) } : th,
            )
          : outcome.thresholds,
      outcome: hidden ? 'hidden' : !expired(poll) ? 'open' : outcome.passed ? 'passed' : 'failed',
      passingNow: !hidden && outcome.passed,
      listed: !poll.secret,
      channels,
    };
  }

  /** The spec's detail as `caller` sees it (null: someone not logged in). */
  async function detailOf(poll: PollRow, caller: Caller | null, known?: Standing): Promise<PollDetail> {
    const standing = known ?? (await standingIn(poll, caller));
    const userId = caller?.userId ?? null;
    const [options, chosenPlain, votedSecretly] = await Promise.all([
      repo.optionsWithVotes(poll.id),
      userId && poll.mode === 0 && !poll.secret ? repo.ballotOf(poll.id, userId) : Promise.resolve(null),
      userId && poll.mode === 0 && poll.secret ? secret.hasVoted(poll.id, userId) : Promise.resolve(false),
    ]);
    const counts = await countsOf(poll, options);
    const hidden = closed(poll, standing.officer);
    // What this viewer chose: a plain open ballot's options, or the choices on their units of an
    // open owners' vote. A secret ballot's choice is known to nobody after it is cast.
    const chosen = poll.mode === 1 ? new Set(standing.myUnits.map((u) => u.choice).filter((c): c is string => Boolean(c) && c !== 'secret')) : (chosenPlain ?? new Set<string>());
    const isVote = poll.mode === 1 ? standing.myUnits.length > 0 && standing.myUnits.every((u) => u.choice !== null) : chosenPlain !== null || votedSecretly;
    const isAdmin = userId !== null && poll.creatorId === userId;
    return {
      poll: {
        _id: poll.id,
        title: poll.title,
        info: poll.info,
        type: poll.type === PollType.single ? 0 : 1,
        end_time: unixSeconds(poll.endTime),
        options: options.map((o) => ({ option_id: o.id, title: o.title, votes: hidden ? 0 : (counts.perOption.get(o.id)?.votes ?? 0), isVote: flag(chosen.has(o.id)) })),
        voters: counts.voters,
        expired: expired(poll),
        concernQr: poll.concernQr,
        secret: poll.secret,
        resultsHidden: hidden,
        poiId: poll.poiId,
        owners: poll.mode === 1 ? await ownersBlock(poll, options, counts, hidden) : null,
      },
      isVote: flag(isVote),
      isAdmin: flag(isAdmin),
      concern: flag(Boolean(poll.concernQr)),
      myUnits: standing.myUnits.map((u) => ({ label: u.label, voted: u.choice !== null })),
      canExport: isAdmin || standing.role?.kind === 'administrator' || standing.role?.kind === 'manager',
    };
  }

  return {
    /**
     * Anyone may create a plain poll (spec §1), published to a community only by its residents and
     * staff; an owners' vote only the community's administrator or manager, with its register
     * copied in. The deadline is Beijing time within six months.
     */
    async create(caller: Caller, body: CreateInput) {
      const endTime = parseBeijingMinute(body.end_time);
      if (!endTime) throw badRequest(MSG_END_TIME_INVALID);
      const problem = deadlineProblem(endTime, now());
      if (problem) throw badRequest(problem);
      let ownersOf: { poiId: string; matter: 0 | 1; matterItem: Art278Item | null } | null = null;
      let community: string | null = null;
      let startTime: Date | null = null;
      let scope: { poiId: string; committee: boolean } | null = null;
      if (body.owners) {
        // A member of the community's 业主委员会 may start one too (vote-roles.ts).
        scope = await roles.issuerOf(caller, body.poiId!);
        if (body.start_time !== undefined) {
          const start = parseBeijingMinute(body.start_time);
          if (!start) throw badRequest(MSG_START_INVALID);
          const days = await owners.noticeDays(scope.poiId);
          if (start.getTime() < now().getTime() + days * 86_400_000) throw badRequest(msgStartTooSoon(days));
          if (endTime.getTime() <= start.getTime()) throw badRequest(MSG_END_BEFORE_START);
          startTime = start;
        }
        // The item of art. 278 decides the threshold; a client that sends only `matter` keeps it.
        ownersOf = body.matterItem ? { poiId: scope.poiId, matter: matterOfItem(body.matterItem), matterItem: body.matterItem } : { poiId: scope.poiId, matter: body.matter, matterItem: null };
      } else if (body.poiId) {
        community = (await access.requireResident(caller, body.poiId, beijingDate(now()))).poiId;
      }
      const row = await repo.insertPoll({
        creatorId: caller.userId,
        community,
        title: body.title,
        info: body.info,
        type: ownersOf ? 0 : body.type!,
        endTime,
        startTime,
        optionTitles: ownersOf ? [...OWNERS_OPTIONS] : body.options!.map((o) => o.title),
        ownersOf,
        secret: body.secret,
        hideResults: body.hideResults,
      });
      if (!row) throw badRequest(MSG_OWNERS_EMPTY_REGISTER);
      if (ownersOf) {
        if (scope?.committee) await roles.markByCommittee(row.id);
        await audit.record({
          actorId: caller.userId,
          action: 'poll.owners.create',
          poiId: ownersOf.poiId,
          subjectId: row.id,
          rows: 1,
          detail: { title: row.title, matter: ownersOf.matter, matterItem: ownersOf.matterItem, secret: body.secret, startTime: startTime?.toISOString() ?? null, endTime: endTime.toISOString() },
        });
        await tellOwners(row.id, ownersOf.poiId, row.title, `已发起，表决时间 ${beijingDateTime(startTime ?? now())} 至 ${beijingDateTime(endTime)}，请按时投票。`, 'created');
      }
      return { poll: { _id: row.id, title: row.title } };
    },

    async detail(caller: Caller | null, id: string): Promise<PollDetail> {
      return detailOf(await requirePoll(id), caller);
    },

    /**
     * One ballot per person (plain) or per unit (owners' vote, the first of its owners to vote),
     * only before the deadline, only with the poll's own options. A secret ballot answers its receipt.
     */
    async vote(caller: Caller, input: VoteInput): Promise<PollDetail & { receipt: string | null }> {
      const poll = await requirePoll(input.id);
      const standing = await standingIn(poll, caller);
      if (expired(poll)) throw conflict(MSG_POLL_EXPIRED);
      if (poll.cancelledAt) throw conflict(MSG_VOTE_CANCELLED);
      if (poll.startTime && poll.startTime.getTime() > now().getTime()) throw conflict(MSG_NOT_STARTED);
      const chosen = [...new Set((Array.isArray(input.options) ? input.options : [input.options]).map((o) => o.toLowerCase()))];
      if (poll.type === PollType.single && chosen.length > 1) throw badRequest(MSG_SINGLE_CHOICE_ONLY);
      const own = await repo.optionIdsOf(poll.id);
      if (!chosen.every((o) => own.has(o))) throw badRequest(MSG_OPTION_NOT_IN_POLL);
      if (poll.mode === 1 && !standing.myUnits.length) throw forbidden(MSG_NOT_AN_OWNER);
      const alreadyVoted = poll.mode === 1 ? MSG_UNITS_ALREADY_VOTED : MSG_ALREADY_VOTED;
      // A second ballot for an owners' home is refused and listed to staff (who, how, when; not the choice).
      const refuse = async () => {
        if (poll.mode === 1) await refused?.refusedOnline(poll.id, caller, standing.myUnits.map((u) => u.label));
        return conflict(alreadyVoted);
      };

      let receipt: string | null = null;
      if (poll.secret) {
        receipt = newReceipt();
        const voter = poll.mode === 1 ? ({ kind: 'owner', userId: caller.userId } as const) : ({ kind: 'person', userId: caller.userId } as const);
        if (!(await secret.cast(poll.id, voter, chosen, receiptHash(poll.id, receipt)))) throw await refuse();
      } else if (poll.mode === 1) {
        if ((await owners.castOpen(poll.id, caller.userId, chosen[0]!)) === 0) {
          // A proxy whose written authorisation staff withdrew while this vote waited has no home left.
          if (!(await standingIn(poll, caller)).myUnits.length) throw forbidden(MSG_NOT_AN_OWNER);
          throw await refuse();
        }
      } else if (!(await repo.castBallot(poll.id, caller.userId, chosen))) {
        throw conflict(alreadyVoted);
      }
      return { ...(await detailOf(poll, caller)), receipt };
    },

    /** 延期: once, with a reason, to a later deadline, by the community's administrator or manager; audited. */
    async extend(caller: Caller, id: string, body: { end_time: string; reason: string }) {
      const poll = await requirePoll(id);
      if (poll.mode !== 1 || !poll.poiId) throw badRequest(MSG_NOT_OWNERS_VOTE);
      const scope = await access.requireStaff(caller, poll.poiId);
      if (scope.role.kind === 'duty') throw forbidden(MSG_PROCEDURE_NOT_ALLOWED);
      if (poll.cancelledAt) throw conflict(MSG_VOTE_CANCELLED);
      if (expired(poll)) throw conflict(MSG_VOTE_OVER);
      if (poll.extendReason) throw conflict(MSG_ALREADY_EXTENDED);
      const endTime = parseBeijingMinute(body.end_time);
      if (!endTime) throw badRequest(MSG_END_TIME_INVALID);
      if (endTime.getTime() <= poll.endTime.getTime()) throw badRequest(MSG_EXTEND_NOT_LATER);
      const problem = deadlineProblem(endTime, now());
      if (problem) throw badRequest(problem);
      if (!(await repo.extendOnce(poll.id, endTime, body.reason))) throw conflict(MSG_ALREADY_EXTENDED);
      await tellOwners(poll.id, poll.poiId, poll.title, `已延期至 ${beijingDateTime(endTime)}，原因：${body.reason}`, 'extended');
      await audit.record({ actorId: caller.userId, action: 'poll.owners.extend', poiId: poll.poiId, subjectId: poll.id, rows: 1, detail: { from: poll.endTime.toISOString(), to: endTime.toISOString(), reason: body.reason } });
      return { end_time: unixSeconds(endTime) };
    },

    /** 取消: before the deadline, with a reason, by the community's administrator or manager; audited. */
    async cancel(caller: Caller, id: string, body: { reason: string }) {
      const poll = await requirePoll(id);
      if (poll.mode !== 1 || !poll.poiId) throw badRequest(MSG_NOT_OWNERS_VOTE);
      const scope = await access.requireStaff(caller, poll.poiId);
      if (scope.role.kind === 'duty') throw forbidden(MSG_PROCEDURE_NOT_ALLOWED);
      if (poll.cancelledAt) throw conflict(MSG_VOTE_CANCELLED);
      if (expired(poll)) throw conflict(MSG_VOTE_OVER);
      if (!(await repo.cancel(poll.id, now(), body.reason))) throw conflict(MSG_VOTE_CANCELLED);
      await tellOwners(poll.id, poll.poiId, poll.title, `已取消，原因：${body.reason}`, 'cancelled');
      await audit.record({ actorId: caller.userId, action: 'poll.owners.cancel', poiId: poll.poiId, subjectId: poll.id, rows: 1, detail: { reason: body.reason } });
      return { cancelled: true };
    },

    /** After the deadline, a secret ballot's published receipts and its number of ballots, for whoever may view it. */
    async receipts(caller: Caller | null, id: string) {
      const poll = await requirePoll(id);
      await standingIn(poll, caller);
      if (!poll.secret) throw badRequest(MSG_NOT_SECRET);
      if (!expired(poll)) throw conflict(MSG_RESULTS_HIDDEN);
      return { receipts: await secret.receipts(poll.id), ballots: poll.secretBallots };
    },

    /** Whether a secret ballot with this receipt is in the count. */
    async checkReceipt(body: { id: string; receipt: string }) {
      const poll = await requirePoll(body.id);
      if (!poll.secret) return { counted: false };
      return { counted: await secret.receiptCounted(poll.id, receiptHash(poll.id, body.receipt)) };
    },

    /** An open owners' vote's units and choices, for its owners and its community's staff. */
    async units(caller: Caller | null, id: string) {
      const poll = await requirePoll(id);
      if (poll.mode !== 1) throw badRequest(MSG_NOT_OWNERS_VOTE);
      const standing = await standingIn(poll, caller);
      if (poll.secret) throw forbidden(MSG_SECRET_NO_LIST);
      if (closed(poll, standing.officer)) throw conflict(MSG_RESULTS_HIDDEN);
      const rows = await owners.openList(poll.id);
      return { units: rows.map((r) => ({ label: r.label, area: squareMetres(r.areaCenti), choice: r.choice })) };
    },

    /** The result for the creator or the community's administrator or manager; audited. */
    async resultForExport(caller: Caller, id: string) {
      const poll = await requirePoll(id);
      const standing = await standingIn(poll, caller);
      const detail = await detailOf(poll, caller, standing);
      if (!detail.canExport) throw forbidden(MSG_EXPORT_NOT_ALLOWED);
      if (detail.poll.resultsHidden) throw conflict(MSG_RESULTS_HIDDEN);
      const units = poll.mode === 1 ? await owners.roll(poll.id, !poll.secret) : null;
      const community = poll.poiId ? await owners.communityName(poll.poiId) : '';
      await audit.record({ actorId: caller.userId, action: 'poll.export', poiId: poll.poiId, subjectId: poll.id, rows: units?.length ?? detail.poll.options.length, detail: {} });
      return { detail, units, community };
    },

    /** A community's owners' votes, for its staff. */
    async ofCommunity(caller: Caller, poiId: string) {
      const scope = await access.requireStaff(caller, poiId);
      const at = now();
      const rows = await owners.ofCommunity(scope.poiId);
      return {
        canCreate: scope.role.kind !== 'duty',
        polls: rows.map((r) => ({
          _id: r.id,
          title: r.title,
          type: r.type === PollType.single ? (0 as const) : (1 as const),
          end_time: unixSeconds(r.endTime),
          expired: r.endTime.getTime() <= at.getTime(),
          voters: r.votedUnits,
          isVote: flag(false),
          isAdmin: flag(r.creatorId === caller.userId),
          secret: r.secret,
          votedUnits: r.votedUnits,
          totalUnits: r.totalUnits,
        })),
      };
    },

    /** /vote: a community's polls and the owners' votes the caller may open, for its residents and staff. */
    async communityPolls(caller: Caller, poiId: string, page: number): Promise<{ polls: ResidentPollItem[] }> {
      const at = now();
      const scope = await access.requireResident(caller, poiId, beijingDate(at));
      const rows = await lists.forCommunity(scope.poiId, caller.userId, scope.role !== null, at, POLL_LIST_PAGE_SIZE, (page - 1) * POLL_LIST_PAGE_SIZE);
      return { polls: rows.map((r) => listedItem(r, caller, at)) };
    },

    /** /chiocelist: the polls I created, voted in, or may vote in as an owner. */
    async list(caller: Caller, page: number): Promise<{ polls: ResidentPollItem[] }> {
      const at = now();
      const rows = await lists.forUser(caller.userId, at, POLL_LIST_PAGE_SIZE, (page - 1) * POLL_LIST_PAGE_SIZE);
      return { polls: rows.map((r) => listedItem(r, caller, at)) };
    },
  };
}
export type PollsService = ReturnType<typeof createPollsService>;
