import { z } from 'zod';
import { defineEndpoint } from '../endpoint';

export const MSG_NOT_SECRET = '这不是无记名投票，没有回执';

/**
 * 回执公示 (issue 37): after the deadline, the receipts of a secret ballot as stored – each the
 * SHA-256 (base64url) of `<poll id>:<receipt, capitals, no dashes>` – in hash order, and how many
 * ballots were cast. A voter hashes their receipt to find it in the list and checks that the list
 * is as long as the number of ballots. For whoever may view the poll.
 */
export const listReceipts = defineEndpoint({
  method: 'GET',
  path: '/v1/polls/:id/receipts',
  summary: '无记名投票的回执公示（截止后）',
  query: z.object({ id: z.string().optional() }),
  data: z.object({
    receipts: z.array(z.string()),
    /** Ballots cast (one per voter; an owner's ballot covers all their homes). */
    ballots: z.number().int(),
  }),
});
export { listReceiptsCall } from './calls';

/** The published form of a receipt, as the server stores it (the browser computes it with WebCrypto). */
export const receiptHashInput = (pollId: string, normalisedReceipt: string) => `${pollId}:${normalisedReceipt}`;
