import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { MSG_OWNERS_ITEM, MSG_OWNERS_MATTER, MSG_OWNERS_NEED_COMMUNITY, MSG_START_INVALID } from './owners-rules';
import {
  MSG_END_TIME_INVALID,
  MSG_END_TIME_REQUIRED,
  MSG_MAX_OPTIONS,
  MSG_MIN_OPTIONS,
  MSG_OPTION_NAME_DUPLICATE,
  MSG_OPTION_NAME_REQUIRED,
  MSG_OPTION_NAME_TOO_LONG,
  MSG_POLL_INFO_TOO_LONG,
  MSG_POLL_TITLE_REQUIRED,
  MSG_POLL_TITLE_TOO_LONG,
  MSG_POLL_TYPE,
  POLL_INFO_MAX,
  POLL_MAX_OPTIONS,
  POLL_MIN_OPTIONS,
  POLL_OPTION_TITLE_MAX,
  POLL_TITLE_MAX,
} from './poll-rules';

const ZOptionInput = z.object(
  {
    title: z
      .string({ error: MSG_OPTION_NAME_REQUIRED })
      .trim()
      .min(1, MSG_OPTION_NAME_REQUIRED)
      .max(POLL_OPTION_TITLE_MAX, MSG_OPTION_NAME_TOO_LONG),
  },
  { error: MSG_OPTION_NAME_REQUIRED },
);

/** A yes/no flag as JSON and form clients send it. */
const ZOnOff = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], { error: '参数不正确' })
  .transform((v) => v === true || v === 1 || v === '1');

/**
 * Spec §3 "Poll creation payload": token, title, info, end_time, options [{title}], type; and,
 * added for owners' votes and secret ballots (all optional, existing clients send none):
 * `owners` 1 with `poiId` and `matter` makes an owners' vote of that community, whose ballot is
 * always 同意/反对/弃权 (`options` and `type` are then not read); `poiId` alone publishes a plain
 * poll to that community (its residents find it on /vote; only its residents and staff may);
 * `secret` 1 a secret ballot; `hideResults` 1 keeps results closed until the deadline.
 */
export const ZCreatePollBody = z
  .object({
  title: z.string({ error: MSG_POLL_TITLE_REQUIRED }).trim().min(1, MSG_POLL_TITLE_REQUIRED).max(POLL_TITLE_MAX, MSG_POLL_TITLE_TOO_LONG),
  info: z.string({ error: MSG_POLL_INFO_TOO_LONG }).trim().max(POLL_INFO_MAX, MSG_POLL_INFO_TOO_LONG).default(''),
  options: z
    .array(ZOptionInput, { error: MSG_MIN_OPTIONS })
    .min(POLL_MIN_OPTIONS, MSG_MIN_OPTIONS)
    .max(POLL_MAX_OPTIONS, MSG_MAX_OPTIONS)
    .refine((list) => new Set(list.map((o) => o.title)).size === list.length, MSG_OPTION_NAME_DUPLICATE)
    .optional(),
  /** Beijing time `YYYY-MM-DD HH:mm`; the window (now … 6 months) is checked against the server clock. */
  end_time: z
    .string({ error: MSG_END_TIME_REQUIRED })
    .trim()
    .min(1, MSG_END_TIME_REQUIRED)
    .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/, MSG_END_TIME_INVALID),
  /** 0 single choice, 1 multiple choice; "0"/"1" from form-style clients are read the same. */
  type: z
    .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], { error: MSG_POLL_TYPE })
    .transform((v) => Number(v) as 0 | 1)
    .optional(),
  /**
   * Added (issue 37), owners' votes: Beijing `YYYY-MM-DD HH:mm` when voting opens, at least the
   * community's notice period (15 days unless set) after the announcement (now). Left out, voting
   * opens at once (clients before issue 37).
   */
  start_time: z.string({ error: MSG_START_INVALID }).trim().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/, MSG_START_INVALID).optional(),
  owners: ZOnOff.default(false),
  poiId: z.string({ error: MSG_OWNERS_NEED_COMMUNITY }).trim().max(64, MSG_OWNERS_NEED_COMMUNITY).optional(),
  matter: z
    .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], { error: MSG_OWNERS_MATTER })
    .transform((v) => Number(v) as 0 | 1)
    .default(0),
  /**
   * Added (issue 37): the item of Civil Code art. 278 ¶1 (1–9) the vote decides. Given, it sets the
   * threshold (items 6–8 three quarters, the others more than half) and `matter` is not read.
   */
  matterItem: z.coerce
    .number({ error: MSG_OWNERS_ITEM })
    .int(MSG_OWNERS_ITEM)
    .min(1, MSG_OWNERS_ITEM)
    .max(9, MSG_OWNERS_ITEM)
    .transform((v) => v as 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9)
    .optional(),
  /** A secret ballot; its results are always closed until the deadline (issue 37), whatever `hideResults` says. */
  secret: ZOnOff.default(false),
  hideResults: ZOnOff.default(false),
  })
  // What only a plain poll needs, asked only of a plain poll (in the spec's message order).
  .superRefine((body, ctx) => {
    if (body.owners) {
      if (!body.poiId) ctx.addIssue({ code: 'custom', path: ['poiId'], message: MSG_OWNERS_NEED_COMMUNITY });
      return;
    }
    if (!body.options) ctx.addIssue({ code: 'custom', path: ['options'], message: MSG_MIN_OPTIONS });
    if (body.type === undefined) ctx.addIssue({ code: 'custom', path: ['type'], message: MSG_POLL_TYPE });
  });
export type CreatePollBody = z.input<typeof ZCreatePollBody>;

export const createPoll = defineEndpoint({
  method: 'POST',
  path: '/v1/polls',
  summary: '创建投票（单选/多选，截止时间为北京时间）',
  body: ZCreatePollBody,
  data: z.object({
    poll: z.object({ _id: z.string(), title: z.string() }),
  }),
});
export { createPollCall } from './calls';
