import type { FastifyReply } from 'fastify';
import { beijingDateTime } from '@sq/contract/beijing-time';
import { BOARD_KIND_NAMES, CONTENT_STATUS_NAMES, type BoardKind, type ContentStatus } from '@sq/contract/board/board-rules';
import { countryName } from '@sq/contract/documents/country-names';
import { CARD_TYPE_LABEL, type CardType } from '@sq/contract/documents/document-types';
import { SIGNUP_STATUS_NAMES, type SignupStatus } from '@sq/contract/events/event-rules';
import { AUDIT_ACTION_LABELS } from '@sq/contract/manage/audit-log';
import { MY_ENTRIES_SHOWN } from '@sq/contract/mydata/get-my-data';
import { MSG_NO_REGISTRATION } from '@sq/contract/mydata/delete-my-registration';
import { MSG_NO_WECHAT } from '@sq/contract/mydata/unbind-wechat';
import { statusLabel } from '@sq/contract/pass/registration-schemas';
import { maskMobile } from '@sq/contract/rules';
import { squareMetres } from '@sq/contract/polls/owners-rules';
import { unitLabel } from '@sq/contract/units/unit-rules';
import { newOpenId, type PiiCipher } from '../../lib/crypto';
import { conflict, notFound } from '../../lib/errors';
import { sendFile } from '../../lib/xlsx/attachment';
import type { AccessService } from '../access/service';
import type { AuditRepo } from '../audit/repo';
import type { Caller } from '../auth/caller';
import type { AuthService } from '../auth/service';
import type { ErasurePromotions } from '../events/signups-erasure-repo';
import type { RegistrationService } from '../pass/registration-service';
import { maskedView } from '../pass/views';
import { copyWorkbook, jsonCells, sheetCells, type CopyCells } from './copy-workbook';
import type { MyDataRepo } from './repo';

export const MSG_STAFF_CANNOT_LEAVE = '您是社区工作人员，请先由社区管理员解除您的职务，再注销账号';
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const PASS_LABEL: Record<number, string> = { 1: '进', 2: '出' };

interface Deps {
  repo: MyDataRepo;
  registrations: RegistrationService;
  access: AccessService;
  auth: AuthService;
  audit: AuditRepo;
  pii: PiiCipher;
  /** Tells the people moved up on waiting lists by an erased account's places (events/signups-module.ts). */
  tellPromoted?: (p: ErasurePromotions) => Promise<void>;
  now?: () => Date;
}

/** 我的信息: the person's own data, who handled it, a copy, deletion (PIPL arts. 44–47). */
export function createMyDataService({ repo, registrations, access, auth, audit, pii, tellPromoted, now = () => new Date() }: Deps) {
  /** Everything held about the caller; `whole` decrypts numbers (the download), the page gets them masked. */
  async function collect(caller: Caller, entryLimit?: number) {
    const account = await repo.account(caller.userId);
    if (!account) throw notFound();
    const regs = await repo.registrations(caller.userId);
    const ids = regs.map((r) => r.registration.id);
    const [counts, plates, entries, homes, accesses, invited, board, signups] = await Promise.all([
      repo.entryCounts(ids),
      repo.plates(ids),
      repo.entries(ids, entryLimit),
      repo.homes(account.mobileHash),
      repo.accesses(regs.map((r) => ({ id: r.registration.id, poiId: r.registration.poiId, createdAt: r.registration.createdAt }))),
      repo.invitations(caller.userId),
      repo.boardWritings(caller.userId),
      repo.eventSignups(caller.userId),
    ]);
    const platesOf = (id: string) => (plates.get(id) ?? []).map((p) => pii.decrypt(p));
    return { account, regs, counts, platesOf, entries, homes, accesses, invited, board, signups };
  }
  type Collected = Awaited<ReturnType<typeof collect>>;

  const accessView = (a: Awaited<ReturnType<MyDataRepo['accesses']>>[number]) => {
    const exported = a.action.endsWith('.export');
    const detail = a.detail ?? {};
    return {
      at: seconds(a.at),
      community: a.community ?? '',
      by: a.by ?? '系统',
      action: AUDIT_ACTION_LABELS[a.action] ?? a.action,
      whole: exported ? detail.whole === true : true,
      certain: !exported || (detail.searched !== true && (detail.status ?? null) === null),
    };
  };

  /** Everything held, whole, a sheet (or JSON key) per kind; `cells` writes times, dates and areas. */
  function copyOf<T>(d: Collected, cells: CopyCells<T>) {
    return {
      账号: {
        手机号: pii.decrypt(d.account.mobileEnc),
        注册时间: cells.time(d.account.createdAt),
        已绑定微信: d.account.wechat ? '是' : '否',
        所在社区: d.account.communities.map((c) => c.community).join('、'),
      },
      出入登记: d.regs.map(({ registration: r, community }) => ({
        社区: community,
        姓名: r.name,
        手机号: pii.decrypt(r.mobileEnc),
        证件类型: CARD_TYPE_LABEL[r.cardType as CardType] ?? r.cardType,
        证件号码: pii.decrypt(r.cardEnc),
        国籍: r.nationality ? countryName(r.nationality) : '',
        身份: r.owner,
        地址: r.address,
        楼号房间: r.buildingNo,
        租赁截止或访客有效期: cells.day(r.expireTime),
        公司名称: r.company,
        来访事由: r.other,
        十四天内是否返京: r.isReturn ? '是' : '否',
        返京时间: cells.day(r.returnDate),
        从何地返京: r.wuhan,
        交通方式: r.vehicle,
        航班车次: r.backup,
        车牌: d.platesOf(r.id).join('、'),
        状态: statusLabel({ status: r.status, revoked: r.revokedAt !== null }) || String(r.status),
        同意个人信息处理说明: r.consentAt ? cells.time(r.consentAt) : '未同意（工作人员代为登记）',
        登记时间: cells.time(r.createdAt),
        更新时间: cells.time(r.updatedAt),
      })),
      出入记录: d.entries.map((e) => ({ 时间: cells.time(e.at), 社区: e.community, 进出: PASS_LABEL[e.direction] ?? '' })),
      房屋: d.homes.map((h) => ({ 社区: h.community, 房屋: unitLabel(h), 面积: cells.area(h.areaCenti) })),
      // The visitors' numbers stay masked: they are the visitors' data, not the person's.
      邀请的访客: d.invited.map(({ community, invitation: i }) => ({
        社区: community,
        访客: i.name,
        访客手机号: i.mobileMasked,
        开始时间: cells.time(i.startsAt),
        结束时间: cells.time(i.endsAt),
        进入次数: `${i.entriesUsed}/${i.entries}`,
        已取消: i.cancelledAt ? '是' : '否',
      })),
      // As stored: the masked text readers saw (the whole numbers were never kept).
      邻里圈帖子: d.board.posts.map((p) => ({
        社区: p.community,
        分类: BOARD_KIND_NAMES[p.kind as BoardKind] ?? p.kind,
        内容: p.text,
        图片数: String(p.images.length),
        状态: CONTENT_STATUS_NAMES[p.status as ContentStatus] ?? p.status,
        发布时间: cells.time(p.at),
      })),
      邻里圈评论: d.board.comments.map((c) => ({
        社区: c.community,
        内容: c.text,
        状态: CONTENT_STATUS_NAMES[c.status as ContentStatus] ?? c.status,
        发布时间: cells.time(c.at),
      })),
      // Their own mobile, whole (deleted by the retention job a month after the event).
      活动报名: d.signups.map((s) => ({
        社区: s.community,
        活动: s.title,
        活动时间: cells.time(s.startsAt),
        状态: SIGNUP_STATUS_NAMES[s.status as SignupStatus] ?? s.status,
        同行人数: String(s.companions),
        手机号: s.mobileEnc ? pii.decrypt(s.mobileEnc) : '',
        备注: s.note,
        报名时间: cells.time(s.at),
        签到时间: s.checkedInAt ? cells.time(s.checkedInAt) : '',
      })),
      查看与导出记录: d.accesses.map((a) => {
        const v = accessView(a);
        return { 时间: cells.time(a.at), 社区: v.community, 操作人: v.by, 操作: v.action, 完整号码: v.whole ? '是' : '否', 是否确定包含: v.certain ? '是' : '可能' };
      }),
    };
  }

  return {
    async get(caller: Caller) {
      const d = await collect(caller, MY_ENTRIES_SHOWN);
      return {
        account: {
          mobile: maskMobile(pii.decrypt(d.account.mobileEnc)),
          createdAt: seconds(d.account.createdAt),
          wechat: d.account.wechat,
          communities: d.account.communities,
        },
        registrations: d.regs.map((r) => ({
          ...maskedView(r),
          consentAt: r.registration.consentAt ? seconds(r.registration.consentAt) : null,
          entries: d.counts.get(r.registration.id) ?? 0,
          // Their own cars: shown whole to them.
          plates: d.platesOf(r.registration.id),
        })),
        entries: d.entries.map((e) => ({ at: seconds(e.at), community: e.community, pass: e.direction })),
        homes: d.homes.map((h) => ({ community: h.community, home: unitLabel(h), area: squareMetres(h.areaCenti) })),
        accesses: d.accesses.map(accessView),
        invitations: d.invited.map(({ community, invitation: i }) => ({
          community,
          name: i.name,
          mobile: i.mobileMasked,
          start: seconds(i.startsAt),
          end: seconds(i.endsAt),
          entriesUsed: i.entriesUsed,
          entries: i.entries,
          cancelled: i.cancelledAt !== null,
        })),
      };
    },

    /** A copy with whole numbers, as JSON or a workbook with a sheet per kind; the download is logged. */
    async export(caller: Caller, format: 'json' | 'xlsx', reply: FastifyReply) {
      const d = await collect(caller);
      // Counts only: what was downloaded is the person's own.
      await audit.record({ actorId: caller.userId, action: 'mydata.export', rows: d.regs.length, detail: { format } });
      const day = beijingDateTime(new Date()).slice(0, 10).replaceAll('-', '');
      if (format === 'json') {
        sendFile(reply, `我的信息-${day}.json`, 'application/json; charset=utf-8', Buffer.from(JSON.stringify(copyOf(d, jsonCells), null, 2)));
        return;
      }
      sendFile(reply, `我的信息-${day}.xlsx`, undefined, await copyWorkbook(copyOf(d, sheetCells)));
    },

    async deleteRegistration(caller: Caller, poiId: string) {
      await access.requireCommunity(poiId);
      const deleted = await registrations.deleteOwn(caller, poiId);
      if (!deleted) throw notFound(MSG_NO_REGISTRATION);
      await audit.record({ actorId: caller.userId, action: 'mydata.deleteRegistration', poiId, rows: 1 });
      return { deleted: true as const };
    },

    async unbindWechat(caller: Caller) {
      if (!(await repo.unbindWechat(caller.userId))) throw notFound(MSG_NO_WECHAT);
      await audit.record({ actorId: caller.userId, action: 'mydata.unbindWechat' });
      return { unbound: true as const };
    },

    async deleteAccount(caller: Caller) {
      // Staff and administrators answer for their communities: someone must take over first.
      if (await access.isStaffAnywhere(caller.userId)) throw conflict(MSG_STAFF_CANNOT_LEAVE);
      await auth.endAllSessions(caller.userId);
      // The erased account keeps a unique, unguessable placeholder where the mobile was.
      const placeholder = `erased:${newOpenId()}`;
      const promoted = await repo.eraseAccount(caller.userId, { enc: pii.encrypt(''), hash: placeholder }, newOpenId(), now());
      await audit.record({ actorId: caller.userId, action: 'mydata.deleteAccount' });
      await tellPromoted?.(promoted);
      return { deleted: true as const };
    },
  };
}
export type MyDataService = ReturnType<typeof createMyDataService>;
