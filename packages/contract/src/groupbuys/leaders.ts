import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZPoiId } from '../poi-id';
import { LEADER_INTRO_MAX_CHARS, LEADER_NAME_MAX_CHARS, LEADER_STATUSES, LeaderMsg, PICKUP_POINT_MAX_CHARS } from './group-buy-rules';

/**
 * 团长 (issue 36 item 1): a resident applies in their community; its administrator or manager, or
 * the platform operator, approves or returns it with a reason. One application per person and
 * community (a returned one is corrected and sent again). Times unix seconds.
 */

const text = (max: number, message: string, min = 1) => z.string({ error: message }).trim().min(min, message).max(max, message);

export const ZLeaderForm = /*#__PURE__*/ z.object({
  poiId: ZPoiId,
  displayName: text(LEADER_NAME_MAX_CHARS, LeaderMsg.displayName),
  pickupPoint: text(PICKUP_POINT_MAX_CHARS, LeaderMsg.pickupPoint),
  intro: text(LEADER_INTRO_MAX_CHARS, LeaderMsg.intro, 0).default(''),
});

/** One application (and, once approved, the leader) as its applicant sees it. */
export const ZMyLeader = /*#__PURE__*/ z.object({
  id: z.string(),
  poiId: z.string(),
  community: z.string(),
  displayName: z.string(),
  pickupPoint: z.string(),
  intro: z.string(),
  status: z.enum(LEADER_STATUSES),
  /** Why it was returned or suspended. */
  reason: z.string().nullable(),
  appliedAt: z.number().int(),
  reviewedAt: z.number().int().nullable(),
});

/** Apply (or send a returned application again, corrected). */
export const applyLeader = defineEndpoint({
  method: 'POST',
  path: '/v1/group-leaders',
  summary: '申请成为团长',
  body: ZLeaderForm,
  data: z.object({ leader: ZMyLeader }),
});

/** The caller's applications in every community (团长中心). */
export const listMyLeaders = defineEndpoint({
  method: 'GET',
  path: '/v1/group-leaders/mine',
  summary: '我的团长申请',
  data: z.object({ leaders: z.array(ZMyLeader) }),
});

/** An application as its community's reviewers see it: the applicant's name and masked mobile. */
export const ZLeaderApplication = /*#__PURE__*/ ZMyLeader.extend({
  applicant: z.object({ name: z.string(), mobile: z.string() }),
});

/** A community's applications, waiting first (its administrator, manager or the operator). */
export const listLeaderApplications = defineEndpoint({
  method: 'GET',
  path: '/v1/group-leaders',
  summary: '团长申请列表（管理）',
  query: z.object({ poiId: ZPoiId }),
  data: z.object({ applications: z.array(ZLeaderApplication) }),
});

/**
 * A 团长 suspended (`suspend: true`, with a reason told to them) or reinstated by the community's
 * administrator or manager or the platform operator: suspended, they cannot publish and are not
 * credited on new orders; their open group buys continue to closing and pickup
 * (docs/decisions/groupbuys.md "Suspending a 团长").
 */
export const suspendLeader = defineEndpoint({
  method: 'POST',
  path: '/v1/group-leaders/:id/suspend',
  summary: '停用或恢复团长',
  body: z.object({
    suspend: z.boolean({ error: LeaderMsg.decision }),
    reason: z.string({ error: LeaderMsg.suspendReason }).trim().max(100, LeaderMsg.suspendReason).default(''),
  }),
  data: z.object({ leader: ZMyLeader }),
});

export const reviewLeader = defineEndpoint({
  method: 'POST',
  path: '/v1/group-leaders/:id/review',
  summary: '审核团长申请（通过或退回）',
  body: z.object({
    decision: z.enum(['approve', 'return'], { error: LeaderMsg.decision }),
    reason: z.string({ error: LeaderMsg.reason }).trim().max(100, LeaderMsg.reason).default(''),
  }),
  data: z.object({ leader: ZMyLeader }),
});
