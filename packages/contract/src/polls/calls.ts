import { callOf } from '../endpoint';
import type { checkReceipt } from './check-receipt';
import type { createPoll } from './create-poll';
import type { getPoll } from './get-poll';
import type { listCommunityPolls } from './list-community-polls';
import type { listOwnerPolls } from './list-owner-polls';
import type { listPolls } from './list-polls';
import type { getPollUnits } from './poll-units';
import type { listReceipts } from './list-receipts';
import type { getOwnersStart } from './owners-start';
import type { votePoll } from './vote-poll';

/*
 * The polls' calls, in a module free of zod (each endpoint's module re-exports its own). A page
 * that imported a call from beside its schemas kept those schemas, and zod with them: the web
 * build drops `z.*(…)` that nobody reads, but not chained builders (`z.string().trim()…`,
 * `ZPollDetail.extend(…)`). The poll page, often a guest's first page from a shared link, loaded
 * zod's 24 KB (gzipped) for nothing (bench/README.md).
 */
export const checkReceiptCall = callOf<typeof checkReceipt>('POST', '/v1/polls/receipt');
export const createPollCall = callOf<typeof createPoll>('POST', '/v1/polls');
export const getPollCall = callOf<typeof getPoll>('GET', '/v1/polls/:id');
export const listCommunityPollsCall = callOf<typeof listCommunityPolls>('GET', '/v1/polls/community');
export const listOwnerPollsCall = callOf<typeof listOwnerPolls>('POST', '/v1/manage/ownerPolls');
export const listPollsCall = callOf<typeof listPolls>('GET', '/v1/polls');
export const getOwnersStartCall = callOf<typeof getOwnersStart>('GET', '/v1/polls/owners-start');
export const getPollUnitsCall = callOf<typeof getPollUnits>('GET', '/v1/polls/:id/units');
export const listReceiptsCall = callOf<typeof listReceipts>('GET', '/v1/polls/:id/receipts');
export const votePollCall = callOf<typeof votePoll>('POST', '/v1/polls/vote');
