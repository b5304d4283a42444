import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';
import { MOBILE_PATTERN, MSG_MOBILE_INVALID, ZPoiId } from '../rules';
import { ZExportQuery } from './export';
import { BOARD_ACTION_LABELS } from '../board/board-rules';

/** Entries on one page of 操作日志. */
export const AUDIT_PAGE_SIZE = 50;
/** An export holds at most this many entries (a year of a busy gate's whole views is far fewer). */
export const AUDIT_EXPORT_MAX = 100_000;

/** What each recorded action is called on the screen and in the export. */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'registration.view': '查看登记完整信息',
  'registration.scan': '扫码核验（查看完整信息）',
  'registration.export': '导出登记记录',
  'entryLog.export': '导出出入记录',
  'poll.export': '导出投票结果',
  'units.import': '导入房屋登记',
  'units.save': '修改房屋登记',
  'units.delete': '删除房屋登记',
  'poll.owners.create': '发起业主表决',
  'poll.owners.roll': '业主表决开始，确定表决名册',
  'poll.owners.extend': '业主表决延期',
  'poll.owners.cancel': '取消业主表决',
  'poll.owners.officer': '指定计票人或监票人',
  'poll.owners.officer.remove': '撤销计票人或监票人',
  'poll.owners.correct': '更正业主表决名册',
  'poll.owners.objection': '业主提出异议',
  'poll.owners.answer': '答复业主异议',
  'poll.owners.paper': '录入纸质表决票',
  'poll.owners.paper.void': '作废纸质表决票',
  'poll.owners.proxy.withdraw': '撤回委托',
  'poll.owners.proxy.written.withdraw': '撤销书面委托',
  'poll.owners.proxy': '登记表决委托',
  'owners.committee.add': '添加业主委员会成员',
  'owners.committee.remove': '移除业主委员会成员',
  'owners.settings': '修改业主表决设置',
  'residents.import': '导入住户名单',
  'auditLog.export': '导出操作日志',
  'retention.run': '到期信息自动删除',
  'mydata.export': '本人下载个人信息副本',
  'mydata.deleteRegistration': '本人删除出入登记',
  'mydata.deleteAccount': '本人注销账号',
  'mydata.unbindWechat': '本人解除微信绑定',
  'gate.rotateKey': '更换通行码核验密钥',
  'invitation.scan': '扫码核验受邀访客（查看完整信息）',
  'invitation.cancel': '取消住户的访客邀请',
  'invitation.export': '导出访客邀请',
  'visits.settings': '修改访客证件设置',
  'gate.settings': '修改门禁规则（再次进入间隔）',
  'eventSignups.export': '导出活动报名名单',
  'coupons.redemptions.export': '导出店铺核销记录',
  'earnings.statement.export': '导出团长月度收益对账单',
  'content.settings': '修改内容审核设置（敏感词、链接）',
  'events.review': '审核居民发起的活动',
  'events.cancel': '取消活动',
  'events.settings': '修改活动设置',
  'album.photo.remove': '删除相册照片',
  'album.request.keep': '保留被申请删除的照片',
  'space.create': '新建场地',
  'space.edit': '修改场地',
  'space.booking.approve': '通过场地预约',
  'space.booking.reject': '不通过场地预约',
  'space.booking.cancel': '取消场地预约',
  'merchant.approve': '商家审核通过',
  'merchant.return': '商家审核退回',
  'merchant.suspend': '停用商家',
  'merchant.restore': '恢复商家',
  'groupLeader.approve': '团长审核通过',
  'groupLeader.return': '团长审核退回',
  'groupLeader.suspend': '团长停用',
  'groupLeader.reinstate': '团长恢复',
  'groupBuy.cancel': '取消团购',
  ...BOARD_ACTION_LABELS,
};

export const AuditMsg = {
  notAllowed: '只有社区管理员可以查看操作日志',
  date: '日期格式不正确',
  range: '开始日期不能晚于结束日期',
} as const;

const ZDay = z
  .string({ error: AuditMsg.date })
  .trim()
  .regex(/^(\d{4}-\d{2}-\d{2})?$/, AuditMsg.date)
  .optional()
  .transform((v) => v || undefined);

/**
 * 操作日志 (PIPL accountability): who saw a whole ID number or mobile, or exported whose data,
 * when; filtered by a person's mobile (as the one acting or the one whose data it was) and by
 * Beijing dates. `?export=1` answers the same entries as .xlsx (form post, audited itself).
 */
export const listAuditLog = defineEndpoint({
  method: 'POST',
  path: '/v1/manage/auditLog',
  summary: '操作日志（谁在何时查看或导出了谁的信息），可按人和日期筛选、导出',
  query: ZExportQuery,
  body: z
    .object({
      poiId: ZPoiId,
      /** A person's mobile: entries where they acted, or whose registration was seen. */
      mobile: z
        .string({ error: MSG_MOBILE_INVALID })
        .trim()
        .refine((v) => v === '' || MOBILE_PATTERN.test(v), MSG_MOBILE_INVALID)
        .optional()
        .transform((v) => v || undefined),
      /** Beijing dates, both included. */
      from: ZDay,
      to: ZDay,
      page: z.coerce.number({ error: '页码不正确' }).int('页码不正确').min(1, '页码不正确').max(10_000, '页码不正确').default(1),
    })
    .refine((b) => !b.from || !b.to || b.from <= b.to, { message: AuditMsg.range, path: ['from'] }),
  data: z.object({
    entries: z.array(
      z.object({
        _id: z.string(),
        /** Unix seconds. */
        at: z.number().int(),
        /** Who acted: their staff name (or account name) and masked mobile. */
        actor: z.string(),
        action: z.string(),
        /** Whose registration was seen (name and masked mobile); null for exports and imports. */
        subject: z.string().nullable(),
        /** Rows seen or exported. */
        rows: z.number().int().nullable(),
        /** Whether whole numbers were exported (exports only). */
        whole: z.boolean().nullable(),
      }),
    ),
    more: z.boolean(),
  }),
});
export const listAuditLogCall = callOf<typeof listAuditLog>('POST', '/v1/manage/auditLog');
