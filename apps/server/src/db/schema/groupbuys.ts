import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant } from './columns';
import { communities } from './community';
import { users } from './identity';
import { merchants, type ShopImage } from './merchants';

/**
 * 社区团购 (issue 36; DESIGN.md §9 "Money" and "New roles"). Amounts are integer fen everywhere.
 * Who sells is a shop (merchants) or an approved 团长; who earns the commission is the 团长 the
 * order is credited to (the group buy's own, or the one whose share link the buyer came by).
 */

/**
 * 团长: a resident who applied in one community and was approved by its staff or the operator.
 * status pending | approved | returned | suspended. One row per person and community.
 */
export const groupLeaders = pgTable(
  'group_leaders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    poiId: text('poi_id').notNull().references(() => communities.poiId),
    // The name residents see (e.g. 3号楼王姐), and the leader's usual pickup point.
    displayName: text('display_name').notNull(),
    pickupPoint: text('pickup_point').notNull(),
    intro: text('intro').notNull().default(''),
    status: text('status').notNull().default('pending'),
    reason: text('reason'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: instant('reviewed_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('group_leaders_user_poi_uq').on(t.userId, t.poiId), index('group_leaders_poi_idx').on(t.poiId, t.status)],
);

/**
 * A group buy in one community. Exactly one seller: a shop (merchant_id) or a leader (leader_id).
 * status open → (window closes) succeeded | failed (成团 not reached: every order refunded) |
 * cancelled by its seller. `commission_bp` is the leader's commission in basis points (1% = 100).
 */
export const groupBuys = pgTable(
  'group_buys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    poiId: text('poi_id').notNull().references(() => communities.poiId),
    merchantId: uuid('merchant_id').references(() => merchants.id, { onDelete: 'cascade' }),
    leaderId: uuid('leader_id').references(() => groupLeaders.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    intro: text('intro').notNull().default(''),
    photos: jsonb('photos').$type<ShopImage[]>().notNull().default([]),
    commissionBp: integer('commission_bp').notNull().default(0),
    // 成团: paid orders (by distinct buyers) needed when the window closes.
    minOrders: integer('min_orders').notNull().default(1),
    // Units of all items one person may buy in this group buy.
    perPersonLimit: integer('per_person_limit').notNull(),
    opensAt: instant('opens_at').notNull(),
    closesAt: instant('closes_at').notNull(),
    pickupPoint: text('pickup_point').notNull(),
    pickupFrom: instant('pickup_from').notNull(),
    pickupUntil: instant('pickup_until').notNull(),
    status: text('status').notNull().default('open'),
    statusReason: text('status_reason'),
    // When the close job decided it (succeeded or failed); null while open.
    decidedAt: instant('decided_at'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('group_buys_poi_idx').on(t.poiId, t.status, t.closesAt),
    index('group_buys_leader_idx').on(t.leaderId),
    index('group_buys_merchant_idx').on(t.merchantId),
    check('group_buys_one_seller', sql`(${t.merchantId} is null) <> (${t.leaderId} is null)`),
    check('group_buys_commission', sql`${t.commissionBp} between 0 and 5000`),
    check('group_buys_window', sql`${t.opensAt} < ${t.closesAt}`),
  ],
);

/**
 * One item of a group buy. `sold` counts units held by unpaid and paid orders: it rises in the
 * order's own statement with `sold + n <= stock` in its WHERE, and falls when an unpaid order
 * closes or a refund gives units back – so a rush never oversells.
 */
export const groupBuyItems = pgTable(
  'group_buy_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupBuyId: uuid('group_buy_id').notNull().references(() => groupBuys.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    spec: text('spec').notNull().default(''),
    photo: jsonb('photo').$type<ShopImage | null>(),
    priceFen: integer('price_fen').notNull(),
    stock: integer('stock').notNull(),
    sold: integer('sold').notNull().default(0),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    index('group_buy_items_buy_idx').on(t.groupBuyId, t.sort),
    check('group_buy_items_sold', sql`${t.sold} >= 0 and ${t.sold} <= ${t.stock}`),
    check('group_buy_items_price', sql`${t.priceFen} > 0`),
  ],
);

/**
 * An order. `order_no` is the number people and WeChat Pay see (out_trade_no). status:
 * unpaid → paid → collected, or unpaid → closed (not paid within 15 minutes, stock returned), or
 * paid → refunded (every unit refunded). Partial pickups and refunds live on the lines.
 * `leader_id` is the 团长 credited with the commission (rate copied from the group buy).
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderNo: text('order_no').notNull(),
    groupBuyId: uuid('group_buy_id').notNull().references(() => groupBuys.id),
    poiId: text('poi_id').notNull().references(() => communities.poiId),
    userId: uuid('user_id').notNull().references(() => users.id),
    leaderId: uuid('leader_id').references(() => groupLeaders.id),
    commissionBp: integer('commission_bp').notNull().default(0),
    totalFen: integer('total_fen').notNull(),
    refundedFen: integer('refunded_fen').notNull().default(0),
    note: text('note').notNull().default(''),
    status: text('status').notNull().default('unpaid'),
    // The resident's request key: a repeated submit answers the same order.
    clientKey: text('client_key'),
    createdAt: createdAt(),
    // Unpaid orders close at this instant (15 minutes), their stock returned.
    payBy: instant('pay_by').notNull(),
    paidAt: instant('paid_at'),
    closedAt: instant('closed_at'),
    collectedAt: instant('collected_at'),
    // Set once the order's money is settled to its seller and leader in the ledger.
    settledAt: instant('settled_at'),
  },
  (t) => [
    uniqueIndex('orders_no_uq').on(t.orderNo),
    uniqueIndex('orders_client_key_uq').on(t.userId, t.clientKey),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_buy_idx').on(t.groupBuyId, t.status),
    index('orders_leader_idx').on(t.leaderId, t.status),
    index('orders_unpaid_idx').on(t.payBy).where(sql`${t.status} = 'unpaid'`),
    check('orders_refund_le_total', sql`${t.refundedFen} >= 0 and ${t.refundedFen} <= ${t.totalFen}`),
  ],
);

/** An order's line: the item, units, price when ordered, units collected and refunded. */
export const orderLines = pgTable(
  'order_lines',
  {
    orderId: uuid('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id').notNull().references(() => groupBuyItems.id),
    name: text('name').notNull(),
    priceFen: integer('price_fen').notNull(),
    qty: integer('qty').notNull(),
    collectedQty: integer('collected_qty').notNull().default(0),
    refundedQty: integer('refunded_qty').notNull().default(0),
  },
  (t) => [
    uniqueIndex('order_lines_pk').on(t.orderId, t.itemId),
    check('order_lines_qty', sql`${t.qty} > 0 and ${t.collectedQty} >= 0 and ${t.refundedQty} >= 0 and ${t.collectedQty} + ${t.refundedQty} <= ${t.qty}`),
  ],
);

/**
 * A payment attempt with the provider (WeChat Pay): one per order (out_trade_no = order_no).
 * state pending | paid | closed. `transaction_id` is WeChat's; nothing secret is kept (no card, no
 * key: the payer's openid is looked up when paying, not stored here).
 */
export const payments = pgTable(
  'payments',
  {
    orderId: uuid('order_id').primaryKey().references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    channel: text('channel').notNull(),
    amountFen: integer('amount_fen').notNull(),
    state: text('state').notNull().default('pending'),
    transactionId: text('transaction_id'),
    paidAt: instant('paid_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('payments_transaction_uq').on(t.transactionId)],
);

/**
 * A refund: asked by the buyer (with a reason, photos after pickup), decided by the seller, sent
 * to WeChat Pay; or made by the system when a group buy fails. status requested → refunding →
 * refunded, requested → refused, refunding → failed (told to staff; retried). `lines` the units.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
    outRefundNo: text('out_refund_no').notNull(),
    amountFen: integer('amount_fen').notNull(),
    lines: jsonb('lines').$type<{ itemId: string; qty: number }[]>().notNull(),
    // buyer (asked before pickup), bad_item (asked after pickup: units taken from collected), failed_group
    // (成团 not reached), cancelled (seller cancelled the group buy), late_payment (paid after closing),
    // amount_mismatch (WeChat Pay took another amount than the order's: all of it back, no lines).
    cause: text('cause').notNull(),
    reason: text('reason').notNull(),
    photos: jsonb('photos').$type<ShopImage[]>().notNull().default([]),
    status: text('status').notNull().default('requested'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: instant('decided_at'),
    refuseReason: text('refuse_reason'),
    providerRefundId: text('provider_refund_id'),
    refundedAt: instant('refunded_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refunds_out_no_uq').on(t.outRefundNo),
    index('refunds_order_idx').on(t.orderId),
    index('refunds_status_idx').on(t.status),
    check('refunds_amount', sql`${t.amountFen} > 0`),
  ],
);

/** WeChat Pay notices already handled, by their id: a repeated notice changes nothing. */
export const payNotices = pgTable('pay_notices', {
  id: text('id').primaryKey(),
  eventType: text('event_type').notNull(),
  receivedAt: createdAt(),
});

/**
 * The money ledger (DESIGN.md §9): double entry. A posting is one event (a payment, a refund, a
 * settlement) and its lines sum to zero; `(kind, ref)` is unique, so an event is posted once however
 * often it is reported. Accounts (contract orders/ledger): provider (money at WeChat Pay), held
 * (owed for orders not yet collected), seller (settled to the shop or leader who sold), commission
 * (settled to the crediting leader). payments − refunds = settled + pending + commission always.
 */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    ref: text('ref').notNull(),
    orderId: uuid('order_id').references(() => orders.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('ledger_postings_kind_ref_uq').on(t.kind, t.ref), index('ledger_postings_order_idx').on(t.orderId)],
);

export const ledgerLines = pgTable(
  'ledger_lines',
  {
    postingId: bigint('posting_id', { mode: 'number' }).notNull().references(() => ledgerPostings.id),
    account: text('account').notNull(),
    // The shop (merchant id) or leader (group_leaders id) the line is owed to; null for provider/held.
    party: uuid('party'),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
  },
  (t) => [index('ledger_lines_posting_idx').on(t.postingId), index('ledger_lines_party_idx').on(t.account, t.party)],
);

/** The daily reconciliation against the provider's bill: what differed, for the operator. */
export const payReconciliations = pgTable('pay_reconciliations', {
  billDate: text('bill_date').primaryKey(),
  checkedAt: instant('checked_at').notNull().defaultNow(),
  // ok | differences | failed (the bill could not be had).
  outcome: text('outcome').notNull(),
  differences: jsonb('differences').$type<{ orderNo: string; what: string }[]>().notNull().default([]),
});
