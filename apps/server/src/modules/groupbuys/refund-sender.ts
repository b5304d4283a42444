import type { PaymentsPort } from '../payments/port';
import type { NotificationService } from '../notifications/service';
import type { RefundedOrder } from './system-refunds';

/**
 * After a system refund's rows are committed: each sent through the payments port (null until the
 * payments module is wired: the rows stay `refunding`, and its job sends them), and each buyer told.
 * A provider that fails here leaves the row `refunding` for the payments job to retry – the
 * seller's cancel or the close job has already happened.
 */
export function createRefundSender(deps: { payments: PaymentsPort | null; notices: Pick<NotificationService, 'groupBuyDecided'>; onError: (err: unknown, what: string) => void }) {
  const { payments, notices, onError } = deps;
  return {
    async sendAndTell(orders: RefundedOrder[], g: { poiId: string; title: string; outcome: string; sentence: string }) {
      for (const o of orders) {
        for (const id of o.refundIds) {
          if (payments) await payments.sendRefund(id).catch((err) => onError(err, `sending refund ${id}`));
        }
        await notices.groupBuyDecided({ userId: o.userId, poiId: g.poiId, what: g.title, sentence: g.sentence, orderId: o.orderId, outcome: g.outcome });
      }
    },
  };
}
export type RefundSender = ReturnType<typeof createRefundSender>;
