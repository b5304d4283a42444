import { groupBuyState, refundedInFullState, type GroupBuyState } from '@sq/contract/groupbuys/group-buy-rules';
import type { GroupBuyCard } from '@sq/contract/groupbuys/group-buys';
import { imageUrl } from '@sq/contract/images/image-rules';
import type { ShopImage } from '../../db/schema/merchants';
import type { CardRow, ItemRow } from './group-buys-repo';

export const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** A group buy's photo, served by the images module to the community's readers. */
export const photoOf = (p: ShopImage) => ({ url: imageUrl(p.poiId, p.hash), thumbUrl: imageUrl(p.poiId, p.hash, 'thumb') });

export function stateOf(g: { status: string; opensAt: Date; closesAt: Date }, at: Date): GroupBuyState {
  return groupBuyState({ status: g.status, opensAt: seconds(g.opensAt), closesAt: seconds(g.closesAt) }, seconds(at));
}

/**
 * A group buy that failed 成团 or was cancelled refunded every unit (the units of a closed group buy
 * do not go back to its stock, so `sold` still holds them): nothing of it counts as sold.
 */
export function cardOf(g: CardRow, at: Date): GroupBuyCard {
  const state = stateOf(g, at);
  return {
    id: g.id,
    poiId: g.poiId,
    title: g.title,
    cover: g.photos[0] ? photoOf(g.photos[0]) : null,
    seller: g.leaderId ? { kind: 'leader', id: g.leaderId, name: g.sellerName } : { kind: 'shop', id: g.merchantId ?? '', name: g.sellerName },
    state,
    statusReason: g.statusReason,
    priceFromFen: g.priceFromFen,
    sold: refundedInFullState(state) ? 0 : g.sold,
    stock: g.stock,
    buyers: g.buyers,
    minOrders: g.minOrders,
    perPersonLimit: g.perPersonLimit,
    opensAt: seconds(g.opensAt),
    closesAt: seconds(g.closesAt),
    pickupPoint: g.pickupPoint,
    pickupFrom: seconds(g.pickupFrom),
    pickupUntil: seconds(g.pickupUntil),
    commissionBp: g.commissionBp,
  };
}

export function itemOf(i: ItemRow, state: GroupBuyState) {
  return { id: i.id, name: i.name, spec: i.spec, photo: i.photo ? photoOf(i.photo) : null, priceFen: i.priceFen, stock: i.stock, sold: refundedInFullState(state) ? 0 : i.sold };
}
