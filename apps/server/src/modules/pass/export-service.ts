import type { FastifyReply } from 'fastify';
import { beijingDate } from '@sq/contract/beijing-time';
import { countryName } from '@sq/contract/documents/country-names';
import { CARD_TYPE_LABEL, type CardType } from '@sq/contract/documents/document-types';
import { statusLabel } from '@sq/contract/pass/registration-schemas';
import { forbidden, tooManyRequests } from '../../lib/errors';
import type { PiiCipher } from '../../lib/crypto';
import type { Slots } from '../../lib/slots';
import { attachment } from '../../lib/xlsx/attachment';
import { beijingCell, dayCell } from '../../lib/xlsx/cells';
import { ClientGoneError, createXlsxStream, type SheetColumn } from '../../lib/xlsx/xlsx-stream';
import type { AccessService, StaffScope } from '../access/service';
import type { AuditRepo } from '../audit/repo';
import type { Caller } from '../auth/caller';
import type { GateRepo, LogDays } from './gate-repo';
import { keywordFilter } from './keyword-filter';
import type { KeysetCursor } from '../../db/keyset';
import type { RegistrationRepo } from './registration-repo';

/**
 * Rows fetched per query, and written before other requests get a turn: the embedded database
 * reads a batch on the event loop (cold pages from disk included), so 50 keeps the gate's polls
 * answered within tens of milliseconds during an export (bench/export: p99 55 ms; 250 rows gave
 * 464 ms). On PostgreSQL the extra round trips cost about half a second per 50,000 rows.
 */
const BATCH = 50;
export const MSG_WHOLE_NOT_ALLOWED = '仅社区管理员和社区经理可导出完整信息';
export const MSG_EXPORT_RUNNING = '您的导出还在进行中，请等表格下载完成后再试';
export const MSG_EXPORTS_BUSY = '正在导出的表格较多，请稍后再试';

/**
 * Exports running at once: two per person (registrations and the log side by side), four in all.
 * Each holds a database connection and a deflate worker; 30 at once from one manager held the
 * gate's checks for up to 5.7 s.
 */
export const EXPORT_LIMITS = { perKey: 2, total: 4 };

/**
 * A place among the exports running (EXPORT_LIMITS), or the refusal the person is told; the
 * release is called once the file is complete or abandoned. Every export of personal data (the
 * staff lists, the audit log) takes its place from the same Slots.
 */
export function takeExportSlot(slots: Slots, userId: string): () => void {
  const release = slots.take(userId);
  if (release === 'key-full') throw tooManyRequests(MSG_EXPORT_RUNNING);
  if (release === 'all-full') throw tooManyRequests(MSG_EXPORTS_BUSY);
  return release;
}

interface Deps {
  /** Shared with the audit log's export. */
  slots: Slots;
  repo: RegistrationRepo;
  gate: GateRepo;
  access: AccessService;
  audit: AuditRepo;
  pii: PiiCipher;
  now: () => Date;
}

const REGISTRATION_COLUMNS: SheetColumn[] = [
  { header: '姓名', width: 12 },
  { header: '手机号', width: 14 },
  { header: '证件类型', width: 14 },
  { header: '证件号码', width: 21 },
  { header: '国籍', width: 10 },
  { header: '身份', width: 8 },
  { header: '地址', width: 28 },
  { header: '楼号', width: 10 },
  { header: '租赁截止日期', width: 13, format: 'date' },
  // A visitor's pass ends by itself two days on: not a tenancy, so a column of its own.
  { header: '访客有效期至', width: 13, format: 'date' },
  { header: '公司名称', width: 18 },
  { header: '事由', width: 16 },
  { header: '十四天内是否返京', width: 10 },
  { header: '返京时间', width: 12, format: 'date' },
  { header: '从何地返京', width: 12 },
  { header: '交通方式', width: 9 },
  { header: '航班/车次', width: 11 },
  { header: '状态', width: 8 },
  { header: '登记时间', width: 17, format: 'dateTime' },
  { header: '车牌', width: 14 },
];

const LOG_COLUMNS: SheetColumn[] = [
  { header: '姓名', width: 12 },
  { header: '手机号', width: 14 },
  { header: '进出', width: 6 },
  { header: '身份', width: 8 },
  { header: '时间', width: 17, format: 'dateTime' },
  { header: '车牌', width: 11 },
  { header: '备注', width: 18 },
];

/** What the log's marks mean to a manager reading the file (invited visitors, offline scans, a pass used twice in a window). */
const logRemark = (l: { offline: boolean; conflict: boolean; invitationId: string | null }) =>
  [l.invitationId ? '受邀访客' : '', l.offline ? '离线核验' : '', l.conflict ? '重复使用' : ''].filter(Boolean).join('；');

/**
 * Streams one export inside a place of its own (takeExportSlot), giving the place back however
 * it ends; a download the person cancelled ends it quietly (their choice, not a failure of ours).
 */
export async function inExportSlot(slots: Slots, userId: string, write: () => Promise<void>): Promise<void> {
  const release = takeExportSlot(slots, userId);
  try {
    await write();
  } catch (e) {
    if (!(e instanceof ClientGoneError)) throw e;
  } finally {
    release();
  }
}

/** The .xlsx exports of the staff lists (spec §7 `?export=1`), streamed and audited. */
export function createExportService({ slots, repo, gate, access, audit, pii, now }: Deps) {

  /** Checks the caller and takes an export slot; `write` streams the file and the slot is given back. */
  async function run(caller: Caller, poiId: string, whole: boolean, write: (scope: StaffScope, name: (what: string) => string) => Promise<void>) {
    const scope = await access.requireStaff(caller, poiId);
    if (whole && scope.role.kind === 'duty') throw forbidden(MSG_WHOLE_NOT_ALLOWED);
    await inExportSlot(slots, caller.userId, async () => {
      const community = await repo.communityName(scope.poiId);
      const day = beijingDate(now()).replaceAll('-', '');
      await write(scope, (what) => `${community}-${what}-${day}.xlsx`);
    });
  }

  return {
    registrations: (caller: Caller, filter: { poiId: string; status?: number; keyword?: string; whole: boolean }, reply: FastifyReply) =>
      run(caller, filter.poiId, filter.whole, async (scope, fileName) => {
        const keyword = keywordFilter(filter.keyword, pii);
        reply.hijack();
        attachment(reply, fileName('登记记录'));
        const xlsx = await createXlsxStream(reply.raw, '登记记录', REGISTRATION_COLUMNS);
        let after: KeysetCursor | null = null;
        for (;;) {
          const rows = await repo.batch({ poiId: scope.poiId, status: filter.status, keyword, after, limit: BATCH, whole: filter.whole });
          await xlsx.addRows(
            rows.map((r) => [
              r.name,
              filter.whole ? pii.decrypt(r.mobile) : r.mobile,
              CARD_TYPE_LABEL[r.cardType as CardType] ?? r.cardType,
              filter.whole ? pii.decrypt(r.card) : r.card,
              r.nationality ? countryName(r.nationality) : '',
              r.owner,
              r.address,
              r.buildingNo,
              r.owner === '租户' ? dayCell(r.expireTime) : '',
              r.owner === '访客' ? dayCell(r.expireTime) : '',
              r.company,
              r.other,
              r.isReturn ? '是' : '否',
              dayCell(r.returnDate),
              r.wuhan,
              r.vehicle,
              r.backup,
              statusLabel({ status: r.status, revoked: r.revokedAt !== null }) || String(r.status),
              beijingCell(r.createdAt),
              (filter.whole ? r.plates.map((p) => pii.decrypt(p)) : r.plates).join('、'),
            ]),
          );
          if (rows.length < BATCH) break;
          const last = rows[rows.length - 1]!;
          after = { at: last.cursorAt, id: last.id };
        }
        // On record before the file is complete: no finished export goes unaudited.
        await audit.record({
          actorId: caller.userId,
          action: 'registration.export',
          poiId: scope.poiId,
          rows: xlsx.rowCount,
          // Never the keyword itself: it may be a mobile or an ID number.
          detail: { whole: filter.whole, status: filter.status ?? null, searched: Boolean(keyword) },
        });
        await xlsx.finish();
      }),

    logs: (caller: Caller, poiId: string, whole: boolean, reply: FastifyReply, days: LogDays = {}) =>
      run(caller, poiId, whole, async (scope, fileName) => {
        reply.hijack();
        attachment(reply, fileName('出入记录'));
        const xlsx = await createXlsxStream(reply.raw, '出入记录', LOG_COLUMNS);
        let after: KeysetCursor | null = null;
        for (;;) {
          const rows = await gate.logBatch(scope.poiId, after, BATCH, days);
          await xlsx.addRows(
            rows.map((l) => [
              l.name,
              whole ? pii.decrypt(l.mobileEnc) : l.mobileMasked,
              l.direction === 1 ? '进' : '出',
              l.owner,
              beijingCell(l.createdAt),
              l.plateEnc ? (whole ? pii.decrypt(l.plateEnc) : l.plateMasked) : '',
              logRemark(l),
            ]),
          );
          if (rows.length < BATCH) break;
          const last = rows[rows.length - 1]!;
          after = last.cursor;
        }
        await audit.record({ actorId: caller.userId, action: 'entryLog.export', poiId: scope.poiId, rows: xlsx.rowCount, detail: { whole, from: days.from ?? null, to: days.to ?? null } });
        await xlsx.finish();
      }),
  };
}
export type ExportService = ReturnType<typeof createExportService>;
