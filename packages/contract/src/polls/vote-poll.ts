import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZPollDetail } from './get-poll';
import { MSG_CHOOSE_OPTION, MSG_POLL_NOT_FOUND, POLL_MAX_OPTIONS } from './poll-rules';

const ZOptionId = z.string({ error: MSG_CHOOSE_OPTION }).trim().min(1, MSG_CHOOSE_OPTION).max(64, MSG_CHOOSE_OPTION);

/** Spec §5: one option id for a single-choice poll, a list for a multiple-choice one. */
export const ZVoteBody = z.object({
  id: z.string({ error: MSG_POLL_NOT_FOUND }).trim().min(1, MSG_POLL_NOT_FOUND).max(64, MSG_POLL_NOT_FOUND),
  /** The embedding page's topic id: opaque, optional, not stored. */
  tid: z.union([z.string().max(128), z.number()]).optional(),
  options: z.union([ZOptionId, z.array(ZOptionId).min(1, MSG_CHOOSE_OPTION).max(POLL_MAX_OPTIONS, MSG_CHOOSE_OPTION)], {
    error: MSG_CHOOSE_OPTION,
  }),
});
export type VoteBody = z.input<typeof ZVoteBody>;

/** Answers the poll as it stands after the vote, so the page need not load it again. */
export const votePoll = defineEndpoint({
  method: 'POST',
  path: '/v1/polls/vote',
  summary: '投票（每人每个投票一次）',
  body: ZVoteBody,
  /** `receipt`: for a secret ballot, the code its voter checks it was counted with (shown once, never stored). */
  data: ZPollDetail.extend({ receipt: z.string().nullable() }),
});
export { votePollCall } from './calls';
