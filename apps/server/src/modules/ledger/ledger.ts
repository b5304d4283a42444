import { sql } from 'drizzle-orm';
import type { LedgerAccount, LedgerKind, LedgerTotals } from '@sq/contract/groupbuys/ledger';
import { rowsOf, type Db } from '../../db/client';
import type { Tx } from '../../db/in-turn';

export interface LedgerLine {
  account: LedgerAccount;
  /** The merchant or group leader the line is owed to; null for provider and held. */
  party: string | null;
  /** Debit positive, credit negative (fen). */
  amountFen: number;
}

/**
 * Posts one money event (DESIGN.md §9 "Money"), inside the caller's transaction so the event and
 * its state change commit together. Lines must sum to zero – a programming error otherwise, and
 * nothing is written. Posted once per (kind, ref): answers false when it already was, so a repeated
 * payment notice or a retried job moves no money twice.
 */
export async function postToLedger(db: Db | Tx, event: { kind: LedgerKind; ref: string; orderId: string | null; lines: LedgerLine[] }): Promise<boolean> {
  const lines = event.lines.filter((l) => l.amountFen !== 0);
  if (lines.some((l) => !Number.isSafeInteger(l.amountFen))) throw new Error(`ledger ${event.kind}: amounts must be whole fen`);
  if (lines.reduce((sum, l) => sum + l.amountFen, 0) !== 0) throw new Error(`ledger ${event.kind}: lines do not sum to zero`);
  const [posting] = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into ledger_postings (kind, ref, order_id) values (${event.kind}, ${event.ref}, ${event.orderId})
      on conflict (kind, ref) do nothing returning id`),
  );
  if (!posting) return false;
  for (const l of lines) {
    await db.execute(sql`insert into ledger_lines (posting_id, account, party, amount_fen) values (${posting.id}, ${l.account}, ${l.party}, ${l.amountFen})`);
  }
  return true;
}

/** The ledger's totals over everything (or one party's lines for seller/commission when given). */
export async function ledgerTotals(db: Db | Tx): Promise<LedgerTotals> {
  const rows = rowsOf<{ kind: string; account: string; debit: string; credit: string }>(
    await db.execute(sql`
      select p.kind, l.account,
             coalesce(sum(l.amount_fen) filter (where l.amount_fen > 0), 0) as debit,
             coalesce(-sum(l.amount_fen) filter (where l.amount_fen < 0), 0) as credit
      from ledger_lines l join ledger_postings p on p.id = l.posting_id
      group by p.kind, l.account`),
  );
  const get = (kind: string, account: string, side: 'debit' | 'credit') => Number(rows.find((r) => r.kind === kind && r.account === account)?.[side] ?? 0);
  const balance = (account: string) => rows.filter((r) => r.account === account).reduce((s, r) => s + Number(r.credit) - Number(r.debit), 0);
  return {
    payments: get('payment', 'provider', 'debit'),
    refunds: get('refund', 'provider', 'credit'),
    pending: balance('held'),
    settled: balance('seller'),
    commission: balance('commission'),
  };
}
