import type { FastifyReply } from 'fastify';
import { beijingDate, startOfBeijingDay } from '@sq/contract/beijing-time';
import type { EndpointData } from '@sq/contract/endpoint';
import { EarningsMsg, type getEarnings } from '@sq/contract/earnings/earnings';
import { commissionFen } from '@sq/contract/groupbuys/ledger';
import { yuan } from '@sq/contract/money';
import { forbidden } from '../../lib/errors';
import type { Slots } from '../../lib/slots';
import { attachment } from '../../lib/xlsx/attachment';
import { beijingCell } from '../../lib/xlsx/cells';
import { createXlsxStream, type SheetColumn } from '../../lib/xlsx/xlsx-stream';
import type { AuditRepo } from '../audit/repo';
import type { Caller } from '../auth/caller';
import { inExportSlot } from '../pass/export-service';
import type { EarningsRepo, OrderRow } from './repo';

/** Orders the earnings page lists, newest first. */
export const EARNINGS_ORDERS = 200;
const unix = (at: Date | string) => Math.floor(new Date(at).getTime() / 1000);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const COLUMNS: SheetColumn[] = [
  { header: '支付时间', width: 17, format: 'dateTime' },
  { header: '订单号', width: 22 },
  { header: '团购', width: 24 },
  { header: '实付（元）', width: 12 },
  { header: '佣金比例', width: 10 },
  { header: '佣金（元）', width: 12 },
  { header: '状态', width: 10 },
  { header: '结算时间', width: 17, format: 'dateTime' },
];

/**
 * 我的收益 (issue 36 item 5): pending – the commission on paid − refunded of the leader's paid,
 * uncollected orders (what it would be if settled now) – and settled, read from the ledger's
 * commission lines (what was actually posted).
 */
export function createEarningsService(deps: { repo: EarningsRepo; audit: AuditRepo; slots: Slots; now: () => Date }) {
  const { repo, audit, slots, now } = deps;

  async function leaderOf(caller: Caller, leaderId: string) {
    const row = UUID.test(leaderId) ? await repo.leader(caller.userId, leaderId) : null;
    if (!row) throw forbidden(EarningsMsg.notLeader);
    return row;
  }

  const rowOf = (o: OrderRow) => {
    const amountFen = o.total - o.refunded;
    const settled = o.settledAt !== null;
    return {
      orderId: o.id,
      orderNo: o.orderNo,
      groupBuyTitle: o.title,
      amountFen,
      commissionBp: o.bp,
      commissionFen: settled ? (o.settledCommission ?? 0) : commissionFen(amountFen, o.bp),
      state: settled ? ('settled' as const) : ('pending' as const),
      paidAt: unix(o.paidAt),
      settledAt: o.settledAt ? unix(o.settledAt) : null,
    };
  };

  return {
    async mine(caller: Caller) {
      const leaders = await repo.leadersOf(caller.userId);
      return { leaders };
    },

    async summary(caller: Caller, leaderId: string): Promise<EndpointData<typeof getEarnings>> {
      const leader = await leaderOf(caller, leaderId);
      return {
        leaderId: leader.id,
        displayName: leader.display_name,
        pendingFen: await repo.pending(leader.id),
        settledFen: await repo.settled(leader.id),
        orders: (await repo.orders(leader.id, undefined, EARNINGS_ORDERS)).map(rowOf),
      };
    },

    /** The month's orders (paid in it, or settled in it) with their commission, as .xlsx; audited before the file is complete. */
    async statement(caller: Caller, leaderId: string, month: string, reply: FastifyReply) {
      const leader = await leaderOf(caller, leaderId);
      const [y, m] = month.split('-').map(Number) as [number, number];
      const from = startOfBeijingDay(`${month}-01`);
      const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
      const to = startOfBeijingDay(next);
      await inExportSlot(slots, caller.userId, async () => {
        const rows = (await repo.ordersWithin(leader.id, from, to)).reverse();
        reply.hijack();
        attachment(reply, `${leader.display_name}-收益对账单-${month}.xlsx`);
        const xlsx = await createXlsxStream(reply.raw, `收益${month}`, COLUMNS);
        let pending = 0;
        let settled = 0;
        await xlsx.addRows(
          rows.map((o) => {
            const v = rowOf(o);
            if (v.state === 'settled') settled += v.commissionFen;
            else pending += v.commissionFen;
            return [beijingCell(new Date(o.paidAt)), v.orderNo, v.groupBuyTitle, yuan(v.amountFen), `${v.commissionBp / 100}%`, yuan(v.commissionFen), v.state === 'settled' ? '已结算' : '待结算', o.settledAt ? beijingCell(new Date(o.settledAt)) : null];
          }),
        );
        await xlsx.addRows([[null, '合计', `生成于 ${beijingDate(now())}`, null, null, null, `已结算 ${yuan(settled)} 元`, null], [null, null, null, null, null, null, `待结算 ${yuan(pending)} 元`, null]]);
        await audit.record({ actorId: caller.userId, action: 'earnings.statement.export', poiId: leader.poi_id, subjectId: leader.id, rows: rows.length, detail: { month } });
        await xlsx.finish();
      });
    },
  };
}
