import type { EndpointData } from '@sq/contract/endpoint';
import { holderCodeCurrent, holderSignatureValid, parseHolderCode } from '@sq/contract/codes/holder-code';
import { PickupMsg, type getPickupKit, type PickupOrder } from '@sq/contract/pickup/pickup';

/** The pickup kit as the phone keeps it, with the phone's time when it arrived (the clock offset). */
export type StoredPickupKit = EndpointData<typeof getPickupKit> & { receivedAt: number };

export type PickupVerdictState = { kind: 'ok'; order: PickupOrder; code: string; offline?: boolean } | { kind: 'no'; message: string; offline?: boolean };

export const MSG_PICKUP_KIT_EXPIRED = '离线名单已过期，请联网后再扫码提货';
/** Offline the phone cannot tell another seller's order from a collected one: it is not on the list. */
export const MSG_NOT_IN_PICKUP_KIT = '离线名单中没有这个订单（可能是其他团长的、已提货或已退款的订单），请联网后核验';

/** Units left to hand over on a line (ordered − collected − refunded or asked back). */
export const leftOf = (l: PickupOrder['lines'][number]) => Math.max(0, l.qty - l.collected - l.refunded);

/**
 * A pickup code checked with no network, as the server would: an OP1 code signed by one of the
 * buyer's keys in the kit, current on the server's clock (the kit's offset), the order on the list
 * with units left. The kit holds public halves only: a scanner checks codes, it cannot make one.
 */
export function checkOrderOffline(kit: StoredPickupKit, code: string, phoneNow: number): { verdict: PickupVerdictState; at: number } {
  const at = phoneNow + (kit.serverTime - kit.receivedAt);
  const no = (message: string) => ({ verdict: { kind: 'no' as const, message, offline: true }, at });
  if (at > kit.validUntil) return no(MSG_PICKUP_KIT_EXPIRED);
  const parsed = parseHolderCode(code);
  if (!parsed || parsed.prefix !== 'OP1') return no(PickupMsg.notOrder);
  const order = kit.orders.find((o) => o.orderId === parsed.id);
  if (!order) return no(MSG_NOT_IN_PICKUP_KIT);
  const key = order.keys.find((k) => k.kid === parsed.kid);
  if (!key || !holderSignatureValid(parsed, key.publicKey)) return no(PickupMsg.badCode);
  if (!holderCodeCurrent(parsed, at)) return no(PickupMsg.staleCode);
  if (order.lines.every((l) => leftOf(l) === 0)) return no(PickupMsg.done);
  const { keys: _keys, ...view } = order;
  return { verdict: { kind: 'ok', order: view, code, offline: true }, at };
}

/** The kit after an offline handover: the lines' collected raised to the targets, so a second scan shows what is left. */
export function kitAfterPickup(kit: StoredPickupKit, orderId: string, targets: { itemId: string; collected: number }[]): StoredPickupKit {
  return {
    ...kit,
    orders: kit.orders.map((o) =>
      o.orderId !== orderId ? o : { ...o, lines: o.lines.map((l) => ({ ...l, collected: Math.max(l.collected, targets.find((t) => t.itemId === l.itemId)?.collected ?? 0) })) },
    ),
  };
}
