import { parseBeijingMinute } from '@sq/contract/beijing-time';
import type { CreatePollBody } from '@sq/contract/polls/create-poll';
import type { PollDetail } from '@sq/contract/polls/get-poll';
import { POLL_LIST_PAGE_SIZE, type PollListItem } from '@sq/contract/polls/list-polls';
import {
  deadlineProblem,
  MSG_ALREADY_VOTED,
  MSG_END_TIME_INVALID,
  MSG_OPTION_NOT_IN_POLL,
  MSG_POLL_EXPIRED,
  MSG_POLL_NOT_FOUND,
  MSG_SINGLE_CHOICE_ONLY,
  PollType,
} from '@sq/contract/polls/poll-rules';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { Caller } from '../auth/caller';
import type { PollsRepo } from './repo';

/** Poll ids are uuids; anything else is simply not a poll (and must not reach a uuid column). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const flag = (on: boolean) => (on ? '1' : '0');
const unixSeconds = (at: Date) => Math.floor(at.getTime() / 1000);

type CreateInput = Omit<CreatePollBody, 'type' | 'info'> & { info: string; type: 0 | 1 };
export interface VoteInput {
  id: string;
  options: string | string[];
}

export function createPollsService(deps: { repo: PollsRepo; now: () => Date }) {
  const { repo, now } = deps;

  async function requirePoll(id: string) {
    const poll = UUID.test(id) ? await repo.findPoll(id.toLowerCase()) : null;
    if (!poll) throw notFound(MSG_POLL_NOT_FOUND);
    return poll;
  }

  /** The spec's detail for `userId` (null: someone not logged in, who has chosen nothing). */
  async function detailOf(poll: NonNullable<Awaited<ReturnType<PollsRepo['findPoll']>>>, userId: string | null): Promise<PollDetail> {
    const [options, voters, chosen] = await Promise.all([
      repo.optionsWithVotes(poll.id),
      repo.countVoters(poll.id),
      userId ? repo.ballotOf(poll.id, userId) : Promise.resolve(null),
    ]);
    return {
      poll: {
        _id: poll.id,
        title: poll.title,
        info: poll.info,
        type: poll.type === PollType.single ? 0 : 1,
        end_time: unixSeconds(poll.endTime),
        options: options.map((o) => ({ option_id: o.id, title: o.title, votes: o.votes, isVote: flag(chosen?.has(o.id) ?? false) })),
        voters,
        expired: poll.endTime.getTime() <= now().getTime(),
        concernQr: poll.concernQr,
      },
      isVote: flag(chosen !== null),
      isAdmin: flag(userId !== null && poll.creatorId === userId),
      concern: flag(Boolean(poll.concernQr)),
    };
  }

  return {
    /** Anyone may create a poll (spec §1); the deadline is Beijing time within the next six months. */
    async create(caller: Caller, body: CreateInput) {
      const endTime = parseBeijingMinute(body.end_time);
      if (!endTime) throw badRequest(MSG_END_TIME_INVALID);
      const problem = deadlineProblem(endTime, now());
      if (problem) throw badRequest(problem);
      const row = await repo.insertPoll({
        creatorId: caller.userId,
        title: body.title,
        info: body.info,
        type: body.type,
        endTime,
        optionTitles: body.options.map((o) => o.title),
      });
      return { poll: { _id: row.id, title: row.title } };
    },

    async detail(userId: string | null, id: string): Promise<PollDetail> {
      return detailOf(await requirePoll(id), userId);
    },

    /** One ballot per person per poll, only before the deadline, only with the poll's own options. */
    async vote(caller: Caller, input: VoteInput): Promise<PollDetail> {
      const poll = await requirePoll(input.id);
      if (poll.endTime.getTime() <= now().getTime()) throw conflict(MSG_POLL_EXPIRED);
      const chosen = [...new Set((Array.isArray(input.options) ? input.options : [input.options]).map((o) => o.toLowerCase()))];
      if (poll.type === PollType.single && chosen.length > 1) throw badRequest(MSG_SINGLE_CHOICE_ONLY);
      const own = await repo.optionIdsOf(poll.id);
      if (!chosen.every((o) => own.has(o))) throw badRequest(MSG_OPTION_NOT_IN_POLL);
      if (!(await repo.castBallot(poll.id, caller.userId, chosen))) throw conflict(MSG_ALREADY_VOTED);
      return detailOf(poll, caller.userId);
    },

    async list(caller: Caller, page: number): Promise<{ polls: PollListItem[] }> {
      const at = now();
      const rows = await repo.listForUser(caller.userId, at, POLL_LIST_PAGE_SIZE, (page - 1) * POLL_LIST_PAGE_SIZE);
      return {
        polls: rows.map((r) => ({
          _id: r.id,
          title: r.title,
          type: r.type === PollType.single ? 0 : 1,
          end_time: unixSeconds(r.endTime),
          expired: r.endTime.getTime() <= at.getTime(),
          voters: r.voters,
          isVote: flag(Boolean(r.voted)),
          isAdmin: flag(r.creatorId === caller.userId),
        })),
      };
    },
  };
}
export type PollsService = ReturnType<typeof createPollsService>;
