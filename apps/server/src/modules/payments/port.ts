/**
 * What the order domains ask of payments (issue 36), so group buys, pickup and refunds never talk
 * to WeChat Pay themselves. The payments module implements it; its state changes (an order paid, a
 * refund done) post to the ledger in the same transaction.
 */
export interface PaymentsPort {
  /**
   * Sends a refund – a `refunds` row already in status `refunding`, its units and amount decided –
   * to the provider. Idempotent by its out_refund_no: sending twice refunds once. A provider that
   * is away leaves the row `refunding`; the payments job retries it and its notice (or a query)
   * completes it: status `refunded`, the order's refunded amount and lines, the stock of a group
   * buy still open given back, a `refund` posting in the ledger.
   */
  sendRefund(refundId: string): Promise<void>;
}
