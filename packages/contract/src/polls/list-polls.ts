import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZFlag } from './get-poll';

// Defined with the zod-free rules, so the lists' pages import it without this file's schemas.
export { POLL_LIST_PAGE_SIZE } from './poll-rules';

export const ZPollListItem = z.object({
  _id: z.string(),
  title: z.string(),
  type: z.union([z.literal(0), z.literal(1)]),
  end_time: z.number().int(),
  expired: z.boolean(),
  voters: z.number().int(),
  /** '1' when the current user voted in it. */
  isVote: ZFlag,
  /** '1' when the current user created it. */
  isAdmin: ZFlag,
});
export type PollListItem = z.infer<typeof ZPollListItem>;

/** A poll of a resident's lists (/chiocelist, /vote): also what it is and what it asks of the caller. */
export const ZResidentPollItem = ZPollListItem.extend({
  /** An owners' vote (业主表决): one ballot per home, counted by area and owners. */
  owners: z.boolean(),
  /** A secret ballot (无记名投票). */
  secret: z.boolean(),
  /** The caller can still vote: it is open and they have not (an owners' vote: a home of theirs has not). */
  canVote: z.boolean(),
});
export type ResidentPollItem = z.infer<typeof ZResidentPollItem>;

/** A page number of the poll lists (1, 2 …). */
export const ZPollListPage = z.coerce.number({ error: '页码不正确' }).int('页码不正确').min(1, '页码不正确').max(10_000, '页码不正确').default(1);

/** /chiocelist: polls the user created or voted in, open ones first (soonest deadline first). */
export const listPolls = defineEndpoint({
  method: 'GET',
  path: '/v1/polls',
  summary: '我的投票（我创建的和我参与的，进行中的在前）',
  query: z.object({ page: ZPollListPage }),
  data: z.object({ polls: z.array(ZResidentPollItem) }),
});
export { listPollsCall } from './calls';
