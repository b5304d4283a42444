import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';
import { ZRegistrationMasked } from '../pass/registration-schemas';

/** How many of the person's latest entries and exits the page lists (the download has them all). */
export const MY_ENTRIES_SHOWN = 50;

export const ZMyAccess = z.object({
  at: z.number().int(),
  community: z.string(),
  /** The staff member (their name in that community), or 系统. */
  by: z.string(),
  /** What they did, as 操作日志 names it. */
  action: z.string(),
  /** Whether whole numbers were seen or exported (a view or scan always shows them). */
  whole: z.boolean(),
  /**
   * False for exports of a filtered list (a search, or one status): the person's registration was
   * in the community then, but whether the filter kept it is not recorded.
   */
  certain: z.boolean(),
});

/**
 * 我的信息 (PIPL arts. 44–45): everything the project holds about the caller – account, the
 * registrations in each community (masked here; whole in the download), entries and exits, the
 * visitors they invited – and
 * who viewed their whole numbers or exported lists that held them.
 */
export const getMyData = defineEndpoint({
  method: 'GET',
  path: '/v1/mydata',
  summary: '我的信息：本系统保存的本人信息，以及谁查看或导出过',
  data: z.object({
    account: z.object({
      mobile: z.string(),
      createdAt: z.number().int(),
      wechat: z.boolean(),
      communities: z.array(z.object({ poiId: z.string(), community: z.string() })),
    }),
    registrations: z.array(/*#__PURE__*/ ZRegistrationMasked.extend({ consentAt: z.number().int().nullable(), entries: z.number().int(), plates: z.array(z.string()) })),
    entries: z.array(z.object({ at: z.number().int(), community: z.string(), pass: z.number().int() })),
    homes: z.array(z.object({ community: z.string(), home: z.string(), area: z.string() })),
    /** Visitors the person invited (邀请访客): the visitor's mobile masked, as on the invitation page. */
    invitations: z.array(z.object({ community: z.string(), name: z.string(), mobile: z.string(), start: z.number().int(), end: z.number().int(), entriesUsed: z.number().int(), entries: z.number().int(), cancelled: z.boolean() })),
    accesses: z.array(ZMyAccess),
  }),
});
export const getMyDataCall = callOf<typeof getMyData>('GET', '/v1/mydata');
