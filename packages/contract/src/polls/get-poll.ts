import { z } from 'zod';
import { defineEndpoint } from '../endpoint';

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
  /** A secret ballot: nobody, the server's data included, can tell who chose what. */
  secret: z.boolean(),
  /** Results are closed until the deadline: `votes` are all 0 and `owners.options` empty until then. */
  resultsHidden: z.boolean(),
  /** The community the poll belongs to (an owners' vote always; a plain poll when published there); null: nobody's in particular. */
  poiId: z.string().nullable(),
  /** An owners' vote (业主表决) counted by units, area and owners; null for a plain poll. */
  owners: z
    .object({
      /** 0 an ordinary matter, 1 art. 278 items 6–8. */
      matter: z.union([z.literal(0), z.literal(1)]),
      /** Added (issue 37): the item of art. 278 ¶1 (1–9) and its wording; null for votes created before items. */
      matterItem: z.number().int().nullable(),
      matterText: z.string().nullable(),
      /** Added (issue 37): how the owners were counted and where each area comes from, for anyone to recount. */
      countRule: z.string(),
      areaRule: z.string(),
      /** Homes of the roll by the area's source: 登记, 实测, 合同 and not recorded. */
      areaSources: z.object({ registered: z.number().int(), surveyed: z.number().int(), contract: z.number().int(), unknown: z.number().int() }),
      /** Added (issue 37): a secret vote publishes its area sums rounded to whole tens of m² (`voted.area` and the options' `area`); 0 exact. */
      areaRoundedTo: z.number().int(),
      /** Added (issue 37): the announcement (also the roll date: the register as on that day), unix seconds. */
      announced: z.number().int(),
      /** When voting opens, unix seconds; null: it opened at the announcement (votes before issue 37, or clients that send none). */
      start_time: z.number().int().nullable(),
      /** The community's notice period in days. */
      noticeDays: z.number().int(),
      /** Added (issue 37): the reason of the one extension, or null. */
      extendReason: z.string().nullable(),
      /** Added (issue 37): the cancellation (unix seconds, reason), or null. */
      cancelled: z.object({ at: z.number().int(), reason: z.string() }).nullable(),
      /** The register as announced: units, area (m², two decimals), owners (one buyer of several units counts once). */
      total: z.object({ units: z.number().int(), area: z.string(), owners: z.number().int() }),
      /** Units that voted, their area and their owners; shown even while results are closed. */
      voted: z.object({ units: z.number().int(), area: z.string(), owners: z.number().int() }),
      /** Per option, in the poll's order; empty while results are closed. */
      options: z.array(z.object({ option_id: z.string(), units: z.number().int(), area: z.string(), owners: z.number().int() })),
      /** Art. 278's four thresholds, each met or not (values in hundredths of m² or owners); empty while closed. */
      thresholds: z.array(
        z.object({ key: z.string(), label: z.string(), rule: z.string(), value: z.number(), of: z.number(), met: z.boolean() }),
      ),
      /** 'open' while voting goes on, then 'passed' or 'failed'; 'hidden' while results are closed. */
      outcome: z.enum(['open', 'passed', 'failed', 'hidden']),
      /** Whether the figures would pass the matter if voting ended now (false while closed). */
      passingNow: z.boolean(),
      /** The open list of units and their choices can be read (an open owners' vote). */
      listed: z.boolean(),
      /** Added (issue 37): homes counted by how their ballot came (voided paper ballots not counted); null while the tally is closed. */
      channels: z.object({ online: z.number().int(), proxy: z.number().int(), paper: z.number().int() }).nullable(),
    })
    .nullable(),
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
  /** Owners' vote: the viewer's units in its register and whether each has voted (by anyone of its owners). */
  myUnits: z.array(z.object({ label: z.string(), voted: z.boolean() })),
  /** The viewer may export the result and print the notice (creator, or the community's administrator or manager). */
  canExport: z.boolean(),
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
export { getPollCall } from './calls';
