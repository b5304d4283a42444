import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';

/** A '1'/'0' flag, as the spec writes option.isVote and concern. */
export const ZFlag = z.enum(['0', '1']);

/** Spec §3 "Poll option". */
export const ZPollOption = z.object({
  option_id: z.string(),
  title: z.string(),
  votes: z.number().int(),
  /** '1' when the current user chose this option. */
  isVote: ZFlag,
});
export type PollOption = z.infer<typeof ZPollOption>;

/** Spec §3 "Poll", plus what a screen needs to draw it without guessing. */
export const ZPoll = z.object({
  _id: z.string(),
  title: z.string(),
  info: z.string(),
  /** 0 single choice, 1 multiple choice. */
  type: z.union([z.literal(0), z.literal(1)]),
  /** Unix seconds. */
  end_time: z.number().int(),
  options: z.array(ZPollOption),
  /** People who voted (a multiple-choice ballot counts once here, once per option in `votes`). */
  voters: z.number().int(),
  /** end_time has passed by the server's clock, so a phone with a wrong clock still shows it right. */
  expired: z.boolean(),
  /** Image of the public account to follow first (same-origin path or data: URL); null when none. */
  concernQr: z.string().nullable(),
});
export type Poll = z.infer<typeof ZPoll>;

/** Spec §7: data.poll, data.isVote, data.isAdmin (the creator), and data.concern. */
export const ZPollDetail = z.object({
  poll: ZPoll,
  /** '1' when the current user has voted. */
  isVote: ZFlag,
  /** '1' for the poll's creator, who sees the controls and the results together. */
  isAdmin: ZFlag,
  /** '1' when voters are asked to follow the poll's public account first. */
  concern: ZFlag,
});
export type PollDetail = z.infer<typeof ZPollDetail>;

/**
 * Open to everyone (logged in or not): the page shows the poll before asking anyone to log in.
 * With a valid token the answer also tells what this user chose.
 */
export const getPoll = defineEndpoint({
  method: 'GET',
  path: '/v1/polls/:id',
  summary: '投票详情（选项、票数、本人是否已投、是否创建者）',
  // `id` travels in the path; it is listed so the web client fills `:id` from the same input.
  query: z.object({ id: z.string().optional() }),
  data: ZPollDetail,
});
export const getPollCall = callOf<typeof getPoll>('GET', '/v1/polls/:id');
