/**
 * The money ledger's vocabulary (DESIGN.md §9 "Money"; issue 36 item 6). Double entry in integer
 * fen: every posting's lines sum to zero. Balances read as:
 * - provider: money at WeChat Pay for our orders (debit: payments in, credit: refunds out);
 * - held: owed for orders not yet collected (pending);
 * - seller: settled to the shop or 团长 who sold, after pickup (party = merchant or leader id);
 * - commission: settled to the 团长 credited with the order (party = leader id).
 * So payments − refunds = settled + pending + commission, which `ledgerBalanced` checks.
 */
export const LEDGER_ACCOUNTS = ['provider', 'held', 'seller', 'commission'] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

/** What a posting records; (kind, ref) is posted once however often the event is reported. */
export const LEDGER_KINDS = {
  /** A payment confirmed by WeChat Pay: provider +amount, held −amount. ref: order_no. */
  payment: 'payment',
  /** A refund confirmed by WeChat Pay: held +amount, provider −amount. ref: out_refund_no. */
  refund: 'refund',
  /** An order settled after pickup: held +rest, seller −(rest − commission), commission −commission. ref: order_no. */
  settlement: 'settlement',
} as const;
export type LedgerKind = (typeof LEDGER_KINDS)[keyof typeof LEDGER_KINDS];

/** The commission (fen) on `amountFen` at `bp` basis points, rounded down: never more than the rate. */
export const commissionFen = (amountFen: number, bp: number) => Math.floor((amountFen * bp) / 10_000);

/** The figures the balance check compares (all non-negative in a healthy ledger). */
export interface LedgerTotals {
  payments: number;
  refunds: number;
  pending: number;
  settled: number;
  commission: number;
}

/** payments − refunds = settled + pending + commission. */
export const ledgerBalanced = (t: LedgerTotals) => t.payments - t.refunds === t.settled + t.pending + t.commission;
