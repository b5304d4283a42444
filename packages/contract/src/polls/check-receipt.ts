import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { MSG_POLL_NOT_FOUND, MSG_RECEIPT_INVALID } from './poll-rules';

/** A receipt as printed (XXXX-XXXX-XXXX, letters and digits without 0/O/1/I); case and dashes forgiven. */
export const RECEIPT_PATTERN = /^[A-HJ-NP-Z2-9]{12}$/;
export const normaliseReceipt = (input: string) => input.replace(/[\s-]/g, '').toUpperCase();

/** 核对回执: whether a secret ballot with this receipt is in the poll's count. Anyone holding the code may ask. */
export const checkReceipt = defineEndpoint({
  method: 'POST',
  path: '/v1/polls/receipt',
  summary: '核对无记名投票回执（是否已计入）',
  body: z.object({
    id: z.string({ error: MSG_POLL_NOT_FOUND }).trim().min(1, MSG_POLL_NOT_FOUND).max(64, MSG_POLL_NOT_FOUND),
    receipt: z
      .string({ error: MSG_RECEIPT_INVALID })
      .max(40, MSG_RECEIPT_INVALID)
      .transform(normaliseReceipt)
      .refine((r) => RECEIPT_PATTERN.test(r), MSG_RECEIPT_INVALID),
  }),
  data: z.object({ counted: z.boolean() }),
});
export { checkReceiptCall } from './calls';
