import type { FastifyReply } from 'fastify';
import { addDays, beijingDate, startOfBeijingDay } from '@sq/contract/beijing-time';
import { CouponMsg, type RedeemVia } from '@sq/contract/coupons/coupon-rules';
import { maskMobile } from '@sq/contract/rules';
import type { PiiCipher } from '../../lib/crypto';
import { badRequest } from '../../lib/errors';
import type { Slots } from '../../lib/slots';
import { attachment } from '../../lib/xlsx/attachment';
import { beijingCell } from '../../lib/xlsx/cells';
import { createXlsxStream, type SheetColumn } from '../../lib/xlsx/xlsx-stream';
import type { AuditRepo } from '../audit/repo';
import type { Caller } from '../auth/caller';
import { decodeCursor, pageOf } from '../board/cursor';
import type { KeysetCursor } from '../../db/keyset';
import type { MerchantAccess } from '../merchants/merchant-access';
import { inExportSlot } from '../pass/export-service';
import type { CounterRepo } from './counter-repo';
import { termsOf, unixSeconds } from './views';

export const REDEMPTION_PAGE_SIZE = 50;
/** The dashboard's days (Beijing), today included. */
export const STATS_DAYS = 30;
/** Batches the dashboard lists, newest first. */
const STATS_BATCHES = 100;
/** Rows read per query of an export. */
const BATCH = 200;

const VIA_NAMES: Record<RedeemVia, string> = { online: '在线核销', offline: '离线核销' };
const COLUMNS: SheetColumn[] = [
  { header: '核销时间', width: 17, format: 'dateTime' },
  { header: '优惠券', width: 20 },
  { header: '面额', width: 16 },
  { header: '顾客', width: 14 },
  { header: '手机号', width: 14 },
  { header: '核销方式', width: 10 },
  { header: '店员', width: 14 },
];

type Row = Awaited<ReturnType<CounterRepo['redemptions']>>[number];

/** 核销记录 (with its .xlsx) and the shop's dashboard (issue 35 item 5): holders as screen name and masked mobile only. */
export function createRedemptionsService(deps: { repo: CounterRepo; merchants: MerchantAccess; audit: AuditRepo; pii: PiiCipher; slots: Slots; now: () => Date }) {
  const { repo, merchants, audit, pii, slots, now } = deps;

  const rowOf = (r: Row) => ({
    couponId: r.id,
    batchId: r.batchId,
    title: r.title,
    face: termsOf(r, r.ownValueFen).face,
    holder: { name: r.holderName, mobile: maskMobile(pii.decrypt(r.holderMobileEnc)) },
    usedAt: unixSeconds(r.usedAt!),
    via: (r.via ?? 'online') as RedeemVia,
    clerk: r.clerk ?? '',
  });

  function cursorOf(cursor: string | undefined): KeysetCursor | null {
    try {
      return decodeCursor(cursor);
    } catch {
      throw badRequest(CouponMsg.batchNotFound);
    }
  }

  return {
    async list(caller: Caller, merchantId: string, q: { batchId?: string; cursor?: string }) {
      const scope = await merchants.requireStaff(caller, merchantId);
      const rows = await repo.redemptions({ merchantId: scope.merchantId, batchId: q.batchId, after: cursorOf(q.cursor), limit: REDEMPTION_PAGE_SIZE + 1 });
      const { rows: page, next } = pageOf(rows, REDEMPTION_PAGE_SIZE);
      return { redemptions: page.map(rowOf), next };
    },

    /** Every redemption as .xlsx (Beijing times, masked mobiles); audited before the file is complete. */
    async export(caller: Caller, merchantId: string, q: { batchId?: string }, reply: FastifyReply) {
      const scope = await merchants.requireStaff(caller, merchantId);
      await inExportSlot(slots, caller.userId, async () => {
        reply.hijack();
        attachment(reply, `${scope.name}-核销记录-${beijingDate(now()).replaceAll('-', '')}.xlsx`);
        const xlsx = await createXlsxStream(reply.raw, '核销记录', COLUMNS);
        for (let after = null as Row | null; ; ) {
          const rows = await repo.redemptions({ merchantId: scope.merchantId, batchId: q.batchId, after: after && { at: after.cursorAt, id: after.id }, limit: BATCH });
          await xlsx.addRows(
            rows.map((r) => {
              const v = rowOf(r);
              return [beijingCell(r.usedAt!), v.title, v.face, v.holder.name, v.holder.mobile, VIA_NAMES[v.via] ?? v.via, v.clerk];
            }),
          );
          if (rows.length < BATCH) break;
          after = rows[rows.length - 1]!;
        }
        await audit.record({ actorId: caller.userId, action: 'coupons.redemptions.export', poiId: null, subjectId: scope.merchantId, rows: xlsx.rowCount, detail: { batchId: q.batchId ?? null } });
        await xlsx.finish();
      });
    },

    /** Claims and redemptions per Beijing day (the last STATS_DAYS, oldest first, zeros included) and per batch. */
    async stats(caller: Caller, merchantId: string) {
      const scope = await merchants.requireStaff(caller, merchantId);
      const today = beijingDate(now());
      const first = addDays(today, -(STATS_DAYS - 1));
      const [perDay, batches] = await Promise.all([repo.perDay(scope.merchantId, startOfBeijingDay(first)), repo.batchTotals(scope.merchantId, STATS_BATCHES)]);
      const byDate = new Map(perDay.map((d) => [d.date, d]));
      const days = Array.from({ length: STATS_DAYS }, (_, i) => {
        const date = addDays(first, i);
        const d = byDate.get(date);
        return { date, claimed: d?.claimed ?? 0, used: d?.used ?? 0 };
      });
      return { days, batches };
    },
  };
}
export type RedemptionsService = ReturnType<typeof createRedemptionsService>;
