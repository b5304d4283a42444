import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';
import { ZMobile } from '../mobile';
import { ZPoiId } from '../rules';
import { PERSON_NAME_MAX } from '../units/unit-rules';
import { OWNERS_NOTICE_DAYS_DEFAULT } from './owners-rules';

/*
 * Issue 37 item 3: the 业主委员会 of a community (named by its administrator), the 计票人 and 监票人
 * of each owners' vote, and the community's notice period. Names and mobiles are personal data:
 * stored encrypted, mobiles shown masked to staff and not at all to owners.
 */

export const COMMITTEE_MAX = 15;
export const OFFICERS_MAX = 5;
/** The notice period: never shorter than the 15 days of the 物业管理条例, at most 60. */
export const NOTICE_DAYS_MIN = OWNERS_NOTICE_DAYS_DEFAULT;
export const NOTICE_DAYS_MAX = 60;

export const RolesMsg = {
  name: `请填写姓名（最多${PERSON_NAME_MAX}个字）`,
  committeeFull: `业主委员会成员最多${COMMITTEE_MAX}人`,
  committeeTwice: '此手机号已是业主委员会成员',
  committeeOnlyAdmin: '只有社区管理员可以设置业主委员会成员',
  memberNotFound: '未找到该成员，请刷新后重试',
  officerRole: '请选择计票人或监票人',
  officersFull: `计票人、监票人各最多${OFFICERS_MAX}人`,
  officerTwice: '此人已担任本表决的计票人或监票人',
  officerNotEligible: '计票人、监票人须为本表决名册中的业主或本小区工作人员',
  officersNotAllowed: '只有社区管理员、管理人员或本表决的发起人可以指定计票人、监票人',
  officersCancelled: '本表决已取消，不能再指定计票人、监票人',
  noticeDays: `公告期须为${NOTICE_DAYS_MIN}至${NOTICE_DAYS_MAX}天的整数`,
  settingsOnlyAdmin: '只有社区管理员可以修改公告期',
} as const;

const ZName = z.string({ error: RolesMsg.name }).trim().min(1, RolesMsg.name).max(PERSON_NAME_MAX, RolesMsg.name);
const ZId = z.string({ error: RolesMsg.memberNotFound }).trim().min(1, RolesMsg.memberNotFound).max(64, RolesMsg.memberNotFound);
const ZPerson = z.object({ _id: z.string(), name: z.string(), mobile: z.string() });

/** The community's 业主委员会, for its staff (the administrator may change it). */
export const getCommittee = defineEndpoint({
  method: 'GET',
  path: '/v1/manage/owners-committee',
  summary: '业主委员会成员（姓名、手机号脱敏）',
  query: z.object({ poiId: ZPoiId }),
  data: z.object({ members: z.array(ZPerson), canEdit: z.boolean() }),
});
export const getCommitteeCall = callOf<typeof getCommittee>('GET', '/v1/manage/owners-committee');

export const addCommitteeMember = defineEndpoint({
  method: 'POST',
  path: '/v1/manage/owners-committee/add',
  summary: '添加业主委员会成员（社区管理员）',
  body: z.object({ poiId: ZPoiId, name: ZName, mobile: ZMobile }),
  data: z.object({ _id: z.string() }),
});
export const addCommitteeMemberCall = callOf<typeof addCommitteeMember>('POST', '/v1/manage/owners-committee/add');

export const removeCommitteeMember = defineEndpoint({
  method: 'POST',
  path: '/v1/manage/owners-committee/remove',
  summary: '移除业主委员会成员（社区管理员）',
  body: z.object({ poiId: ZPoiId, _id: ZId }),
  data: z.object({ removed: z.boolean() }),
});
export const removeCommitteeMemberCall = callOf<typeof removeCommitteeMember>('POST', '/v1/manage/owners-committee/remove');

/** The community's settings for owners' votes (the notice period), for its staff. */
export const getOwnersSettings = defineEndpoint({
  method: 'GET',
  path: '/v1/manage/owners-settings',
  summary: '业主表决设置（公告期）',
  query: z.object({ poiId: ZPoiId }),
  data: z.object({ noticeDays: z.number().int(), min: z.number().int(), max: z.number().int(), canEdit: z.boolean() }),
});
export const getOwnersSettingsCall = callOf<typeof getOwnersSettings>('GET', '/v1/manage/owners-settings');

export const saveOwnersSettings = defineEndpoint({
  method: 'POST',
  path: '/v1/manage/owners-settings',
  summary: '修改业主表决公告期（社区管理员）',
  body: z.object({ poiId: ZPoiId, noticeDays: z.number({ error: RolesMsg.noticeDays }).int(RolesMsg.noticeDays).min(NOTICE_DAYS_MIN, RolesMsg.noticeDays).max(NOTICE_DAYS_MAX, RolesMsg.noticeDays) }),
  data: z.object({ noticeDays: z.number().int() }),
});
export const saveOwnersSettingsCall = callOf<typeof saveOwnersSettings>('POST', '/v1/manage/owners-settings');

export const OFFICER_ROLES = { counter: '计票人', scrutineer: '监票人' } as const;
export type OfficerRole = keyof typeof OFFICER_ROLES;

export const addOfficer = defineEndpoint({
  method: 'POST',
  path: '/v1/polls/:id/officers',
  summary: '指定业主表决的计票人或监票人',
  body: z.object({ role: z.enum(['counter', 'scrutineer'], { error: RolesMsg.officerRole }), name: ZName, mobile: ZMobile }),
  data: z.object({ _id: z.string() }),
});
export const addOfficerCall = callOf<typeof addOfficer>('POST', '/v1/polls/:id/officers');

export const removeOfficer = defineEndpoint({
  method: 'POST',
  path: '/v1/polls/:id/officers/remove',
  summary: '取消指定计票人或监票人',
  body: z.object({ _id: ZId }),
  data: z.object({ removed: z.boolean() }),
});
export const removeOfficerCall = callOf<typeof removeOfficer>('POST', '/v1/polls/:id/officers/remove');

/**
 * The procedure of an owners' vote as its viewer may see it: who issues it, its officers, its
 * corrections of the roll, and whether the viewer may manage it, is an officer or may object.
 */
export const getProcedure = defineEndpoint({
  method: 'GET',
  path: '/v1/polls/:id/procedure',
  summary: '业主表决的程序信息（发布单位、计票人、监票人、名册更正、异议期）',
  data: z.object({
    issuer: z.object({ committee: z.boolean(), name: z.string() }),
    officers: z.array(z.object({ _id: z.string(), role: z.enum(['counter', 'scrutineer']), name: z.string(), mobile: z.string() })),
    corrections: z.array(
      z.object({
        label: z.string(),
        at: z.number().int(),
        reason: z.string(),
        before: z.object({ area: z.string(), voters: z.number().int() }),
        after: z.object({ area: z.string(), voters: z.number().int() }),
      }),
    ),
    /** Homes of the roll (for staff who correct it; empty for others). */
    homes: z.array(z.string()),
    objectionsUntil: z.number().int(),
    canManage: z.boolean(),
    isOfficer: z.boolean(),
    canObject: z.boolean(),
    canAnswer: z.boolean(),
  }),
});
export const getProcedureCall = callOf<typeof getProcedure>('GET', '/v1/polls/:id/procedure');
