import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';
import { ZExportFields, ZExportQuery } from '../manage/export';
import { ZPoiId } from '../rules';
import { VisitMsg } from './visit-window';

const loose = (message: string) => z.union([z.string(), z.number()], { error: message }).optional();

/** One entry or exit of the invited visitor at the gate. */
export const ZVisitScan = z.object({ pass: z.number().int(), at: z.number().int() });

/** An invitation as its resident and the community's staff see it: the visitor's mobile and plate masked. */
export const ZInvitation = z.object({
  _id: z.string(),
  name: z.string(),
  mobile: z.string(),
  plate: z.string(),
  /** The window, unix seconds. */
  start: z.number().int(),
  end: z.number().int(),
  entries: z.number().int(),
  entriesUsed: z.number().int(),
  status: z.enum(['waiting', 'open', 'used', 'ended', 'cancelled']),
  /** Whether the visitor has given a document (only asked for when the community requires one). */
  documentGiven: z.boolean(),
  /** When the visitor came and left, oldest first. */
  scans: z.array(ZVisitScan),
  created_at: z.number().int(),
});
export type InvitationView = z.infer<typeof ZInvitation>;

/** The resident's own invitation, with the link the visitor was sent (to share it another way too). */
export const ZOwnInvitation = ZInvitation.extend({ link: z.string() });

/**
 * 邀请访客 (not in the spec; issue 13 item 4): a resident with an approved registration here invites
 * a visitor for a window of Beijing minutes; the visitor is sent a link to their pass by SMS.
 */
export const inviteVisitor = defineEndpoint({
  method: 'POST',
  path: '/v1/visits/invite',
  summary: '邀请访客（短信发送访客通行证链接）',
  body: z.object({
    poiId: ZPoiId,
    name: loose(VisitMsg.name),
    mobile: loose(VisitMsg.mobile),
    /** Beijing "YYYY-MM-DD HH:mm". */
    start: loose(VisitMsg.start),
    end: loose(VisitMsg.end),
    entries: loose(VisitMsg.entries),
    plate: loose(VisitMsg.plate),
  }),
  data: z.object({ invitation: ZOwnInvitation, remainingToday: z.number().int() }),
});
export const inviteVisitorCall = callOf<typeof inviteVisitor>('POST', '/v1/visits/invite');

/** The caller's invitations in a community, newest first (the last 90 days' are kept). */
export const listMyInvitations = defineEndpoint({
  method: 'POST',
  path: '/v1/visits/mine',
  summary: '我邀请的访客',
  body: z.object({ poiId: ZPoiId }),
  data: z.object({ invitations: z.array(ZOwnInvitation), remainingToday: z.number().int(), canInvite: z.boolean() }),
});
export const listMyInvitationsCall = callOf<typeof listMyInvitations>('POST', '/v1/visits/mine');

/** Cancels an invitation: its resident, or the community's managers and administrators. The pass stops at once. */
export const cancelInvitation = defineEndpoint({
  method: 'POST',
  path: '/v1/visits/cancel',
  summary: '取消访客邀请',
  body: z.object({ poiId: ZPoiId, _id: z.string({ error: VisitMsg.notFound }).uuid(VisitMsg.notFound) }),
  data: z.object({ invitation: ZInvitation }),
});
export const cancelInvitationCall = callOf<typeof cancelInvitation>('POST', '/v1/visits/cancel');

export const INVITATION_PAGE_SIZE = 20;

/** An invitation in the staff's list: who invited (name and address of their registration). */
export const ZStaffInvitation = ZInvitation.extend({ inviter: z.object({ name: z.string(), address: z.string() }) });

/**
 * 访客邀请 for the community's staff, newest first; `?export=1` answers an .xlsx of them all
 * (audited; `whole=1` gives managers whole mobiles). `withoutDocument`: the community's setting.
 */
export const listCommunityInvitations = defineEndpoint({
  method: 'POST',
  path: '/v1/manage/visits',
  summary: '访客邀请记录（可导出）',
  body: z
    .object({ poiId: ZPoiId, page: z.coerce.number().int().min(1, '页码不正确').max(10_000, '页码不正确').default(1) })
    .extend(ZExportFields),
  query: ZExportQuery,
  data: z.object({ invitations: z.array(ZStaffInvitation), more: z.boolean(), withoutDocument: z.boolean() }),
});
export const listCommunityInvitationsCall = callOf<typeof listCommunityInvitations>('POST', '/v1/manage/visits');

export const MSG_VISIT_SETTING = '只有社区管理员和管理人员可以修改访客设置';
export const MSG_WITHOUT_DOCUMENT = '请选择访客是否需要填写证件';

/** Whether invited visitors may come without giving a document number (managers and administrators). */
export const saveVisitSettings = defineEndpoint({
  method: 'POST',
  path: '/v1/manage/visits/settings',
  summary: '访客邀请设置（受邀访客是否免填证件）',
  body: z.object({ poiId: ZPoiId, withoutDocument: z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], { error: MSG_WITHOUT_DOCUMENT }) }),
  data: z.object({ withoutDocument: z.boolean() }),
});
export const saveVisitSettingsCall = callOf<typeof saveVisitSettings>('POST', '/v1/manage/visits/settings');
