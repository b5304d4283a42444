import { beijingDateTime, parseBeijingMinute } from '@sq/contract/beijing-time';
import { COMMISSION_MAX_BP, GroupBuyMsg } from '@sq/contract/groupbuys/group-buy-rules';
import { fenOfYuan } from '@sq/contract/money';

/** One item as typed: the price in yuan and the stock as text. */
export interface ItemDraft {
  name: string;
  spec: string;
  price: string;
  stock: string;
  photo: string | null;
}

/** The publish form as typed (times as datetime-local values, Beijing time; the commission in percent). */
export interface PublishDraft {
  title: string;
  intro: string;
  photos: string[];
  items: ItemDraft[];
  perPersonLimit: string;
  minOrders: string;
  opensAt: string;
  closesAt: string;
  pickupPoint: string;
  pickupFrom: string;
  pickupUntil: string;
  commission: string;
}

/** A datetime-local value for `at` (Beijing). */
export const localOf = (at: Date) => beijingDateTime(at).replace(' ', 'T');

const secondsOf = (local: string) => {
  const at = parseBeijingMinute(local.replace('T', ' '));
  return at ? Math.floor(at.getTime() / 1000) : null;
};
const whole = (text: string) => (/^\s*\d{1,6}\s*$/.test(text) ? Number(text) : null);

/** '10' or '2.5' (percent) → basis points, or null beyond two decimals or 0–50%. */
export function bpOfPercent(text: string): number | null {
  const m = /^\s*(\d{1,2})(?:\.(\d{1,2}))?\s*$/.exec(text || '0');
  if (!m) return null;
  const bp = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return bp <= COMMISSION_MAX_BP ? bp : null;
}

/**
 * The draft as the server takes it (fen, seconds, basis points), or the first problem in the
 * contract's words – the server says the same, so a form that passes here is refused only for
 * what the page cannot know (the window already past on the server's clock, a banned word).
 */
export function formOf(d: PublishDraft): { form: Record<string, unknown> } | { problem: string } {
  if (!d.title.trim()) return { problem: GroupBuyMsg.title };
  if (d.items.length === 0) return { problem: GroupBuyMsg.items };
  const items = [];
  for (const i of d.items) {
    if (!i.name.trim()) return { problem: GroupBuyMsg.itemName };
    const priceFen = fenOfYuan(i.price);
    if (!priceFen) return { problem: GroupBuyMsg.price };
    const stock = whole(i.stock);
    if (!stock) return { problem: GroupBuyMsg.stock };
    items.push({ name: i.name.trim(), spec: i.spec.trim(), photo: i.photo, priceFen, stock });
  }
  const perPersonLimit = whole(d.perPersonLimit);
  if (!perPersonLimit) return { problem: GroupBuyMsg.perPersonLimit };
  const minOrders = whole(d.minOrders);
  if (!minOrders) return { problem: GroupBuyMsg.minOrders };
  const [opensAt, closesAt, pickupFrom, pickupUntil] = [d.opensAt, d.closesAt, d.pickupFrom, d.pickupUntil].map(secondsOf);
  if (opensAt == null || closesAt == null) return { problem: GroupBuyMsg.window };
  if (closesAt <= opensAt) return { problem: GroupBuyMsg.windowOrder };
  if (pickupFrom == null || pickupUntil == null) return { problem: GroupBuyMsg.pickupTime };
  if (pickupFrom < closesAt) return { problem: GroupBuyMsg.pickupAfterClose };
  if (pickupUntil <= pickupFrom) return { problem: GroupBuyMsg.pickupOrder };
  if (!d.pickupPoint.trim()) return { problem: GroupBuyMsg.pickupPoint };
  const commissionBp = bpOfPercent(d.commission);
  if (commissionBp == null) return { problem: GroupBuyMsg.commission };
  return {
    form: { title: d.title.trim(), intro: d.intro.trim(), photos: d.photos, items, perPersonLimit, minOrders, opensAt, closesAt, pickupPoint: d.pickupPoint.trim(), pickupFrom, pickupUntil, commissionBp },
  };
}
