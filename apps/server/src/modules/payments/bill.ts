/**
 * WeChat Pay's trade bill (交易账单, bill_type ALL): CSV, each value written with a leading `
 * so spreadsheets keep long numbers; a header row, one row per payment or refund, then a summary
 * (a second header 总交易单数…, its row). Amounts are yuan with two decimals, read here as fen
 * without floating point.
 */
export interface TradeBill {
  /** out_trade_no → amount paid (fen), rows with 交易状态 SUCCESS. */
  payments: Map<string, number>;
  /** out_refund_no → its order and amount (fen), rows with 交易状态 REFUND. */
  refunds: Map<string, { orderNo: string; amountFen: number }>;
}

const cell = (v: string | undefined) => (v ?? '').trim().replace(/^`/, '');

export function fenOf(yuanText: string): number {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(yuanText);
  if (!m) throw new Error('bill amount not readable');
  const fen = Number(m[2]) * 100 + Number((m[3] ?? '0').padEnd(2, '0'));
  return m[1] ? -fen : fen;
}

export function parseTradeBill(csv: string): TradeBill {
  const lines = csv.replace(/^\uFEFF/, '').split(/\r?\n/).filter((l) => l.trim() !== '');
  const head = (lines[0] ?? '').split(',').map(cell);
  const col = (name: string) => {
    const i = head.indexOf(name);
    if (i < 0) throw new Error(`bill without column ${name}`);
    return i;
  };
  const [state, orderNo, settle, refundNo, refundFen] = [col('交易状态'), col('商户订单号'), col('应结订单金额'), col('商户退款单号'), col('退款金额')];
  const bill: TradeBill = { payments: new Map(), refunds: new Map() };
  for (const line of lines.slice(1)) {
    // The summary starts with its own header: the rows are over.
    if (line.startsWith('总交易单数')) break;
    const cells = line.split(',').map(cell);
    const s = cells[state];
    if (s === 'SUCCESS') bill.payments.set(cells[orderNo]!, (bill.payments.get(cells[orderNo]!) ?? 0) + fenOf(cells[settle]!));
    else if (s === 'REFUND') bill.refunds.set(cells[refundNo]!, { orderNo: cells[orderNo]!, amountFen: fenOf(cells[refundFen]!) });
  }
  return bill;
}
