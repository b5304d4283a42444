import { imageUrl } from '@sq/contract/images/image-rules';
import { OWNERS_OPTIONS } from '@sq/contract/polls/owners-rules';
import {
  BALLOT_CHANNELS,
  MSG_PAPER_NOT_ALLOWED,
  MSG_PROXY_EXISTS,
  MSG_PROXY_NONE,
  MSG_PROXY_NOT_YOURS,
  MSG_VOID_ENDED,
  MSG_VOID_NONE,
  MSG_VOID_SECRET,
  VOIDED,
  WITHDRAWN,
  MSG_WRITTEN_ENDED,
  MSG_WRITTEN_NONE,
  MSG_WRITTEN_VOTED,
  MSG_PROXY_SELF,
  MSG_UNIT_NOT_IN_ROLL,
  MSG_OPTION_REQUIRED,
  MSG_PAPER_PHOTO,
  MSG_WRITTEN_PHOTO,
  msgHomeVoted,
  type BallotChannel,
} from '@sq/contract/polls/paper-proxy';
import { MSG_NOT_OWNERS_VOTE, MSG_NOT_STARTED } from '@sq/contract/polls/owners-rules';
import { MSG_POLL_EXPIRED } from '@sq/contract/polls/poll-rules';
import { MSG_VOTE_CANCELLED } from '@sq/contract/polls/owners-procedure';
import { maskMobile } from '@sq/contract/rules';
import type { Db } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { PiiCipher } from '../../lib/crypto';
import type { AccessService } from '../access/service';
import type { AuditRepo } from '../audit/repo';
import type { Caller } from '../auth/caller';
import type { ImageUses } from '../images/uses';
import { ballotPhotoRef, type PaperProxyRepo } from './paper-proxy-repo';
import type { PollsRepo } from './repo';
import type { SecretRepo } from './secret-repo';
import { newReceipt, receiptHash, type OwnersNotices, type PollsService, type RefusedBallots } from './service';

const unixSeconds = (at: Date) => Math.floor(at.getTime() / 1000);

/** A ballot in the app refused because every home of the voter had voted: listed to staff (by a proxy or an owner), without the choice. */
export function refusedBallots(desk: PaperProxyRepo): RefusedBallots {
  return {
    async refusedOnline(pollId, caller, labels) {
      const channel: BallotChannel = (await desk.isProxyFor(pollId, caller.userId)) ? 2 : 1;
      await desk.refused(pollId, labels, channel, caller.userId);
    },
  };
}

/**
 * Paper ballots and proxies (委托) of an owners' vote (issue 37 item 4;
 * docs/decisions/owners-votes.md, "Paper ballots and proxies"). Every channel ends in the vote's
 * own ballot store, whose primary key (poll, home) lets the first ballot of a home through.
 */
export function createPaperProxyService(deps: {
  polls: PollsService;
  repo: PollsRepo;
  desk: PaperProxyRepo;
  secret: SecretRepo;
  access: AccessService;
  audit: AuditRepo;
  images: ImageUses;
  pii: PiiCipher;
  notices?: OwnersNotices;
  now: () => Date;
}) {
  const { polls, repo, desk, secret, access, audit, images, pii, notices, now } = deps;

  /** The vote as the caller may see it (404/403 as the detail answers), checked to be an owners' vote taking ballots. */
  async function openVote(caller: Caller, id: string) {
    const detail = await polls.detail(caller, id);
    const poll = (await repo.findPoll(detail.poll._id))!;
    if (poll.mode !== 1 || !poll.poiId) throw badRequest(MSG_NOT_OWNERS_VOTE);
    return { poll, poiId: poll.poiId, detail };
  }
  function requireTakingBallots(poll: { endTime: Date; cancelledAt: Date | null; startTime: Date | null }, notStarted = MSG_NOT_STARTED) {
    if (poll.endTime.getTime() <= now().getTime()) throw conflict(MSG_POLL_EXPIRED);
    if (poll.cancelledAt) throw conflict(MSG_VOTE_CANCELLED);
    if (poll.startTime && poll.startTime.getTime() > now().getTime()) throw conflict(notStarted);
  }
  /** Proxies may be named from the announcement until the deadline. */
  function requireNotOver(poll: { endTime: Date; cancelledAt: Date | null }) {
    if (poll.endTime.getTime() <= now().getTime()) throw conflict(MSG_POLL_EXPIRED);
    if (poll.cancelledAt) throw conflict(MSG_VOTE_CANCELLED);
  }
  async function requireDeskStaff(caller: Caller, poiId: string) {
    const scope = await access.requireStaff(caller, poiId);
    if (scope.role.kind === 'duty') throw forbidden(MSG_PAPER_NOT_ALLOWED);
  }
  const photo = (poiId: string, hash: string) => ({ url: imageUrl(poiId, hash), thumbUrl: imageUrl(poiId, hash, 'thumb') });

  return {
    /**
     * 纸质票: the home's ballot as its owner signed it on paper, entered by the community's
     * administrator or manager with the paper's photo; audited; the home's owners told (SMS, and
     * in the app where they have an account). A home that voted already: refused, and listed.
     */
    async enterPaper(caller: Caller, id: string, body: { unitId: string; option: string; photo: string }) {
      const { poll, poiId } = await openVote(caller, id);
      await requireDeskStaff(caller, poiId);
      requireTakingBallots(poll);
      const home = await desk.rollHome(poll.id, body.unitId.toLowerCase());
      if (!home) throw badRequest(MSG_UNIT_NOT_IN_ROLL);
      const options = [...(await repo.optionIdsOf(poll.id))];
      const option = body.option.toLowerCase();
      if (!options.includes(option)) throw badRequest(MSG_OPTION_REQUIRED);
      const unitId = body.unitId.toLowerCase();
      const also = async (tx: Parameters<Parameters<Db['transaction']>[0]>[0]) => {
        await images.use(tx as unknown as Db, { poiId, uploaderId: caller.userId, hashes: [body.photo], ref: ballotPhotoRef(poll.id, unitId, 'paper'), missing: MSG_PAPER_PHOTO });
        await desk.recordPaper(tx, { pollId: poll.id, unitId, enteredBy: caller.userId, photoHash: body.photo });
      };
      let receipt: string | null = null;
      let cast: boolean;
      if (poll.secret) {
        receipt = newReceipt();
        cast = await secret.castHome(poll.id, unitId, [option], receiptHash(poll.id, receipt), also);
      } else cast = await desk.castPaperOpen(poll.id, unitId, option, caller.userId, also);
      if (!cast) {
        await desk.refused(poll.id, [home.label], 3, caller.userId);
        throw conflict(msgHomeVoted(home.label));
      }
      // For a secret vote neither the audit line nor the notice holds the choice.
      const titles = await repo.optionsWithVotes(poll.id);
      const chosen = poll.secret ? null : (titles.find((o) => o.id === option)?.title ?? OWNERS_OPTIONS[0]);
      await audit.record({ actorId: caller.userId, action: 'poll.owners.paper', poiId, subjectId: poll.id, rows: 1, detail: { home: home.label, ...(chosen ? { choice: chosen } : {}) } });
      if (notices) {
        const said = chosen ? `，意见：${chosen}` : `，回执码 ${receipt}`;
        const reason = `：工作人员已为您的房屋 ${home.label} 录入纸质表决票${said}。如非本人所投，请尽快联系物业。`;
        for (const o of await desk.ownersToTell(poll.id, unitId)) {
          await notices.ownersVote({ userId: o.userId, mobileEnc: o.userId ? undefined : o.mobileEnc, poiId, what: poll.title, reason, link: `/chiocevote?id=${poll.id}`, event: `paper:${poll.id}:${unitId}:${o.mobileHash}` });
        }
      }
      return { label: home.label, receipt };
    },

    /**
     * 委托 in the app: an owner names a proxy by mobile for every home of theirs in the roll that
     * has not voted and has no proxy; the proxy then sees the vote and casts it for those homes.
     * From the announcement (also in the notice period): when the roll is fixed at the start, the
     * proxy stays if the owner who named it still owns the home (proxy-keep.ts).
     */
    async nameProxy(caller: Caller, id: string, body: { mobile: string }) {
      const { poll, poiId } = await openVote(caller, id);
      requireNotOver(poll);
      const mobileHash = pii.hash(body.mobile);
      if (mobileHash === (await desk.mobileHashOf(caller.userId))) throw badRequest(MSG_PROXY_SELF);
      const homes = await desk.delegable(poll.id, caller.userId, poll.secret);
      if (!homes.length) throw conflict(MSG_PROXY_NONE);
      const named = await desk.nameProxy(poll.id, homes.map((h) => h.unitId), { mobileHash, mobileEnc: pii.encrypt(body.mobile), kind: 1, namedBy: caller.userId });
      if (!named.length) throw conflict(MSG_PROXY_EXISTS);
      const labels = homes.filter((h) => named.includes(h.unitId)).map((h) => h.label);
      await audit.record({ actorId: caller.userId, action: 'poll.owners.proxy', poiId, subjectId: poll.id, rows: labels.length, detail: { homes: labels, written: false } });
      return { labels, mobile: maskMobile(body.mobile) };
    },

    /** 书面委托: staff record a written authorisation (its photo) naming a proxy by mobile for one home; audited. */
    async recordWrittenProxy(caller: Caller, id: string, body: { unitId: string; mobile: string; photo: string }) {
      const { poll, poiId } = await openVote(caller, id);
      await requireDeskStaff(caller, poiId);
      requireNotOver(poll);
      const unitId = body.unitId.toLowerCase();
      const home = await desk.rollHome(poll.id, unitId);
      if (!home) throw badRequest(MSG_UNIT_NOT_IN_ROLL);
      const named = await desk.nameProxy(poll.id, [unitId], { mobileHash: pii.hash(body.mobile), mobileEnc: pii.encrypt(body.mobile), kind: 2, namedBy: caller.userId, photoHash: body.photo }, async (tx) => {
        await images.use(tx as unknown as Db, { poiId, uploaderId: caller.userId, hashes: [body.photo], ref: ballotPhotoRef(poll.id, unitId, 'proxy'), missing: MSG_WRITTEN_PHOTO });
      });
      if (!named.length) throw conflict(MSG_PROXY_EXISTS);
      await audit.record({ actorId: caller.userId, action: 'poll.owners.proxy', poiId, subjectId: poll.id, rows: 1, detail: { homes: [home.label], written: true } });
      return { label: home.label, mobile: maskMobile(body.mobile) };
    },

    /**
     * 作废纸质票: a paper ballot entered for the wrong home, voided by the community's
     * administrator or manager while the vote takes ballots, with a reason; kept and listed as
     * 已作废 (desk and workbook), audited, the home's owners told. Open votes only: a secret
     * vote's tally cannot give one home's ballot back (docs/decisions/owners-votes.md).
     */
    async voidPaper(caller: Caller, id: string, body: { unitId: string; reason: string }) {
      const { poll, poiId } = await openVote(caller, id);
      await requireDeskStaff(caller, poiId);
      if (poll.cancelledAt || poll.endTime.getTime() <= now().getTime()) throw conflict(MSG_VOID_ENDED);
      if (poll.secret) throw conflict(MSG_VOID_SECRET);
      const unitId = body.unitId.toLowerCase();
      const home = await desk.rollHome(poll.id, unitId);
      if (!home) throw badRequest(MSG_UNIT_NOT_IN_ROLL);
      const done = await desk.voidPaper(poll.id, unitId, home.label, body.reason, caller.userId, now());
      if (done === 'ended') throw conflict(MSG_VOID_ENDED);
      if (done === 'none') throw notFound(MSG_VOID_NONE);
      await audit.record({ actorId: caller.userId, action: 'poll.owners.paper.void', poiId, subjectId: poll.id, rows: 1, detail: { home: home.label, reason: body.reason } });
      if (notices) {
        const reason = `：工作人员已将为您的房屋 ${home.label} 录入的纸质表决票作废（${VOIDED}，理由：${body.reason}），该票不计入。您的房屋仍可投票。`;
        for (const o of await desk.ownersToTell(poll.id, unitId)) {
          await notices.ownersVote({ userId: o.userId, mobileEnc: o.userId ? undefined : o.mobileEnc, poiId, what: poll.title, reason, link: `/chiocevote?id=${poll.id}`, event: `paper-void:${poll.id}:${unitId}:${o.mobileHash}:${unixSeconds(now())}` });
        }
      }
      return { label: home.label };
    },

    /**
     * 撤销书面委托: a written authorisation withdrawn by the community's administrator or manager
     * (the owner revoked it in writing, or it was recorded for the wrong home) while the vote is not
     * over and the home has not voted, with a reason; kept as 已撤销 on the desk, audited, the home's
     * owners told – the home may then vote itself or name another proxy.
     */
    async withdrawWrittenProxy(caller: Caller, id: string, body: { unitId: string; reason: string }) {
      const { poll, poiId } = await openVote(caller, id);
      await requireDeskStaff(caller, poiId);
      if (poll.cancelledAt || poll.endTime.getTime() <= now().getTime()) throw conflict(MSG_WRITTEN_ENDED);
      const unitId = body.unitId.toLowerCase();
      const home = await desk.rollHome(poll.id, unitId);
      if (!home) throw badRequest(MSG_UNIT_NOT_IN_ROLL);
      const done = await desk.withdrawWritten(poll.id, unitId, home.label, body.reason, caller.userId, now());
      if (done === 'ended') throw conflict(MSG_WRITTEN_ENDED);
      if (done === 'none') throw notFound(MSG_WRITTEN_NONE);
      if (done === 'voted') throw conflict(MSG_WRITTEN_VOTED);
      await audit.record({ actorId: caller.userId, action: 'poll.owners.proxy.written.withdraw', poiId, subjectId: poll.id, rows: 1, detail: { home: home.label, reason: body.reason } });
      if (notices) {
        const reason = `：工作人员已将您的房屋 ${home.label} 的书面委托撤销（${WITHDRAWN}，理由：${body.reason}），原委托人不能再代为投票。您的房屋可自行投票或重新委托。`;
        for (const o of await desk.ownersToTell(poll.id, unitId)) {
          await notices.ownersVote({ userId: o.userId, mobileEnc: o.userId ? undefined : o.mobileEnc, poiId, what: poll.title, reason, link: `/chiocevote?id=${poll.id}`, event: `proxy-withdraw:${poll.id}:${unitId}:${o.mobileHash}:${unixSeconds(now())}` });
        }
      }
      return { label: home.label };
    },

    /** 撤回委托: the owner withdraws the proxies they named in the app, for the homes not yet voted; audited. */
    async withdrawProxy(caller: Caller, id: string) {
      const { poll, poiId } = await openVote(caller, id);
      requireNotOver(poll);
      const labels = await desk.withdrawProxies(poll.id, caller.userId);
      if (!labels.length) throw conflict(MSG_PROXY_NOT_YOURS);
      await audit.record({ actorId: caller.userId, action: 'poll.owners.proxy.withdraw', poiId, subjectId: poll.id, rows: labels.length, detail: { homes: labels } });
      return { labels };
    },

    /** The proxies the caller named in the app (masked mobiles), for their screen. */
    async myProxies(caller: Caller, id: string) {
      const { poll } = await openVote(caller, id);
      const rows = await desk.proxiesNamedBy(poll.id, caller.userId, poll.secret);
      return { proxies: rows.map((r) => ({ label: r.label, mobile: maskMobile(pii.decrypt(r.mobileEnc)), voted: Boolean(r.voted) })) };
    },

    /** 票务台 for the community's administrators and managers. */
    async desk(caller: Caller, id: string) {
      const { poll, poiId } = await openVote(caller, id);
      await requireDeskStaff(caller, poiId);
      const d = await desk.desk(poll.id);
      const masked = (enc: string) => maskMobile(pii.decrypt(enc));
      return {
        units: d.homes,
        paper: d.paper.map((p) => ({ label: p.label, enteredBy: masked(p.enteredBy), photo: photo(poiId, p.photoHash) })),
        proxies: d.proxies.map((p) => ({ label: p.label, mobile: masked(p.mobileEnc), written: p.kind === 2, photo: p.photoHash ? photo(poiId, p.photoHash) : null })),
        refused: d.refused.map((r) => ({
          label: r.label,
          channel: BALLOT_CHANNELS[r.channel as BallotChannel],
          who: masked(r.who),
          at: unixSeconds(r.at),
          voidReason: r.voidReason,
          photo: r.photoHash ? photo(poiId, r.photoHash) : null,
        })),
        withdrawn: d.withdrawn.map((w) => ({ label: w.label, mobile: masked(w.mobileEnc), reason: w.reason, by: masked(w.by), at: unixSeconds(w.at), photo: w.photoHash ? photo(poiId, w.photoHash) : null })),
      };
    },
  };
}
export type PaperProxyService = ReturnType<typeof createPaperProxyService>;
