import { randomInt } from 'node:crypto';
import { beijingDate } from '@sq/contract/beijing-time';
import { MAX_FEN } from '@sq/contract/money';
import { MY_ORDERS_PAGE, OrderMsg, PAY_WITHIN_MINUTES, type OrderStatus } from '@sq/contract/orders/order-rules';
import type { Order, ZOrderForm } from '@sq/contract/orders/orders';
import type { z } from 'zod';
import { inTurn } from '../../db/in-turn';
import type { Db } from '../../db/client';
import { Code } from '@sq/contract/envelope';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors';
import type { AccessService } from '../access/service';
import type { Caller } from '../auth/caller';
import { creditedLeaderOf } from '../groupbuys/group-buys-service';
import type { LeadersRepo } from '../groupbuys/leaders-repo';
import { decodeCursor, pageOf } from '../board/cursor';
import type { MyOrdersRepo } from './my-orders-repo';
import { ShortItem, type OrderRow, type OrdersRepo } from './orders-repo';

type Form = z.output<typeof ZOrderForm>;
/** A placed order, and for a new one what its answer is made of. */
type Placed = { row: OrderRow; made?: { g: NonNullable<Awaited<ReturnType<OrdersRepo['groupBuy']>>>['g']; seller: string; lines: { itemId: string; name: string; priceFen: number; qty: number }[] } };
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** SQLSTATE 23505 on `constraint` (drizzle wraps pg's error in `cause`). */
function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const x = e as { code?: unknown; constraint?: unknown };
    if (x.code === '23505' && x.constraint === constraint) return true;
  }
  return false;
}

/** 20261127 and ten random digits: readable on the phone and a receipt, unique by the table's index (WeChat's out_trade_no). */
const orderNoAt = (at: Date) => `${beijingDate(at).replaceAll('-', '')}${String(randomInt(0, 1e10)).padStart(10, '0')}`;

/**
 * Orders of group buys (issue 36 item 2; docs/decisions/groupbuys.md "Orders"): a resident of the
 * group buy's community orders while its window is open. In one transaction, in the person's turn
 * for that group buy (so parallel submits count the per-person limit together), every line's
 * units are held by a guarded UPDATE; any line short refuses the whole order naming the item.
 */
export function createOrdersService(deps: { db: Db; repo: OrdersRepo; myOrders: MyOrdersRepo; leaders: LeadersRepo; access: AccessService; now: () => Date }) {
  const { db, repo, myOrders, leaders, access, now } = deps;

  async function viewsOf(rows: OrderRow[]): Promise<Order[]> {
    const { lines, buys, refunded } = await repo.detailsOf(
      rows.map((o) => o.id),
      rows.map((o) => o.groupBuyId),
    );
    const buyOf = new Map(buys.map((b) => [b.id, b]));
    return rows.map((o) => {
      const b = buyOf.get(o.groupBuyId)!;
      return {
        id: o.id,
        orderNo: o.orderNo,
        status: o.status as OrderStatus,
        groupBuy: { id: b.id, title: b.title, poiId: b.poiId, seller: b.seller },
        lines: lines
          .filter((l) => l.orderId === o.id)
          .map((l) => ({ itemId: l.itemId, name: l.name, priceFen: l.priceFen, qty: l.qty, collectedQty: l.collectedQty, refundedQty: l.refundedQty })),
        totalFen: o.totalFen,
        refundedFen: o.refundedFen,
        note: o.note,
        createdAt: seconds(o.createdAt),
        payBy: seconds(o.payBy),
        paidAt: o.paidAt ? seconds(o.paidAt) : null,
        pickupPoint: b.pickupPoint,
        pickupFrom: seconds(b.pickupFrom),
        pickupUntil: seconds(b.pickupUntil),
        hasRefund: refunded.has(o.id),
      };
    });
  }
  const viewOf = async (o: OrderRow) => (await viewsOf([o]))[0]!;

  /** A new order's answer from what placing it had in hand (the rush's answer: bench orders). */
  function madeView(o: OrderRow, m: NonNullable<Placed['made']>): Order {
    return {
      id: o.id,
      orderNo: o.orderNo,
      status: o.status as OrderStatus,
      groupBuy: { id: m.g.id, title: m.g.title, poiId: m.g.poiId, seller: m.seller },
      lines: m.lines.map((l) => ({ itemId: l.itemId, name: l.name, priceFen: l.priceFen, qty: l.qty, collectedQty: 0, refundedQty: 0 })),
      totalFen: o.totalFen,
      refundedFen: 0,
      note: o.note,
      createdAt: seconds(o.createdAt),
      payBy: seconds(o.payBy),
      paidAt: null,
      pickupPoint: m.g.pickupPoint,
      pickupFrom: seconds(m.g.pickupFrom),
      pickupUntil: seconds(m.g.pickupUntil),
      hasRefund: false,
    };
  }

  async function place(caller: Caller, f: Form, at: Date): Promise<Placed> {
    const found = await repo.groupBuy(f.groupBuyId);
    if (!found) throw notFound(OrderMsg.groupBuy);
    const { g, ownLeader } = found;
    await access.requireResident(caller, g.poiId, beijingDate(at)).catch((e: unknown) => {
      throw e instanceof AppError && e.code === Code.forbidden ? forbidden(OrderMsg.notResident) : e;
    });
    // creditedLeaderOf's rule: the group buy's own approved leader came with it; a shared link naming another is looked up.
    const leader = f.leaderId && f.leaderId !== g.leaderId ? await creditedLeaderOf(leaders, g, f.leaderId) : ownLeader;
    const wanted = f.lines.reduce((s, l) => s + l.qty, 0);
    // Sorted, so two orders of the same items take the rows' locks in one order (no deadlock).
    const lines = [...f.lines].sort((a, b) => (a.itemId < b.itemId ? -1 : 1));
    return inTurn(db, [['group-buy-orders', `${g.id} ${caller.userId}`]], async (tx) => {
      const { againId, held: had } = await repo.before(tx, g.id, caller.userId, f.clientKey ?? null);
      // A resubmit answers its order even after the window (checked once, in the person's turn).
      if (againId) return { row: await repo.byId(tx, againId) };
      if (g.status !== 'open') throw badRequest(OrderMsg.notOpen);
      if (at < g.opensAt) throw badRequest(OrderMsg.notStarted);
      if (at >= g.closesAt) throw badRequest(OrderMsg.closed);
      if (had + wanted > g.perPersonLimit) throw badRequest(OrderMsg.limit(g.perPersonLimit, had));
      const held = [];
      for (const l of lines) {
        try {
          held.push({ ...l, ...(await repo.hold(tx, g.id, l.itemId, l.qty)) });
        } catch (e) {
          if (e instanceof ShortItem) throw badRequest(e.item === null ? OrderMsg.item : OrderMsg.stock(e.item, e.left));
          throw e;
        }
      }
      const totalFen = held.reduce((s, l) => s + l.priceFen * l.qty, 0);
      if (totalFen > MAX_FEN) throw badRequest(OrderMsg.tooMuch);
      const row = await repo.insert(
        tx,
        {
          orderNo: orderNoAt(at),
          groupBuyId: g.id,
          poiId: g.poiId,
          userId: caller.userId,
          leaderId: leader?.id ?? null,
          commissionBp: leader ? g.commissionBp : 0,
          totalFen,
          note: f.note,
          status: 'unpaid',
          clientKey: f.clientKey ?? null,
          createdAt: at,
          payBy: new Date(at.getTime() + PAY_WITHIN_MINUTES * 60_000),
        },
        held.map((l) => ({ itemId: l.itemId, name: l.name, priceFen: l.priceFen, qty: l.qty })),
      );
      // The seller's name is in hand when the order credits the group buy's own leader: the answer then needs no read.
      const seller = g.leaderId && leader?.id === g.leaderId ? leader.displayName : null;
      return { row, made: seller === null ? undefined : { g, seller, lines: held } };
    });
  }

  return {
    async create(caller: Caller, f: Form) {
      const at = now();
      for (let attempt = 0; ; attempt++) {
        try {
          const placed = await place(caller, f, at);
          return { order: placed.made ? madeView(placed.row, placed.made) : await viewOf(placed.row) };
        } catch (e) {
          // The same key sent twice at once: the second's insert met the first's; answer the first.
          if (f.clientKey && isUniqueViolation(e, 'orders_client_key_uq')) {
            const first = await repo.byClientKey(db, caller.userId, f.clientKey);
            if (first) return { order: await viewOf(first) };
          }
          // Ten random digits met a number of the same day: draw again.
          if (isUniqueViolation(e, 'orders_no_uq') && attempt < 3) continue;
          throw e;
        }
      }
    },

    async cancel(caller: Caller, id: string) {
      const o = await repo.find(id, caller.userId);
      if (!o) throw notFound(OrderMsg.notFound);
      const closed = await repo.cancelUnpaid(o.id, caller.userId, now());
      if (!closed) throw badRequest(OrderMsg.notCancellable);
      return { order: await viewOf(closed) };
    },

    /** A page of the buyer's orders in `state` (MY_ORDERS_PAGE, newest first), `next` the cursor of the rest. */
    async mine(caller: Caller, state: string, cursor: string | undefined) {
      const after = decodeCursor(cursor);
      const [rows, counts] = await Promise.all([myOrders.page(caller.userId, state, after, MY_ORDERS_PAGE), repo.counts(caller.userId)]);
      const page = pageOf(rows, MY_ORDERS_PAGE);
      return { orders: await viewsOf(page.rows), counts, serverTime: seconds(now()), next: page.next };
    },

    async get(caller: Caller, id: string) {
      const o = await repo.find(id, caller.userId);
      if (!o) throw notFound(OrderMsg.notFound);
      return { order: await viewOf(o), serverTime: seconds(now()) };
    },
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
