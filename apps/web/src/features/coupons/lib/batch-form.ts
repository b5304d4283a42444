import { addDays, isIsoDate, startOfBeijingDay } from '@sq/contract/beijing-time';
import { fenOfYuan } from '@sq/contract/money';
import { CouponMsg, type CouponKind } from '@sq/contract/coupons/coupon-rules';
import type { EndpointBody } from '@sq/contract/endpoint';
import type { publishBatch } from '@sq/contract/coupons/coupons';

/** The publish form as typed: amounts in yuan, the discount in 折, dates as Beijing days. */
export interface BatchDraft {
  title: string;
  kind: CouponKind;
  value: string;
  threshold: string;
  discount: string;
  item: string;
  total: string;
  perPerson: string;
  claimFrom: string;
  claimTo: string;
  validDays: string;
  minLevel: number;
  /** The shop's approved communities it is offered in; none chosen: all of them. */
  communities: string[];
  rules: string;
}

export const emptyDraft = (today: string): BatchDraft => ({ title: '', kind: 'cash', value: '', threshold: '', discount: '', item: '', total: '', perPerson: '1', claimFrom: today, claimTo: today, validDays: '30', minLevel: 0, communities: [], rules: '' });

const whole = (text: string) => (/^\s*\d{1,6}\s*$/.test(text) ? Number(text) : null);

/** 8.8 (折) → 88 (percent paid), with no float: 1–9.9 with at most one decimal. */
export function percentOfZhe(text: string): number | null {
  const m = /^\s*(\d)(?:\.(\d))?\s*$/.exec(text);
  return m ? Number(m[1]) * 10 + Number(m[2] ?? '0') : null;
}

/**
 * The body for POST /v1/merchants/:id/coupon-batches, or the first thing to correct. Yuan become
 * fen with fenOfYuan (never a float); claiming runs from the first day's Beijing midnight to the
 * end of the last day. The server checks everything again (the ranges, the threshold).
 */
export function batchBody(d: BatchDraft): { body: EndpointBody<typeof publishBatch> } | { error: string } {
  const title = d.title.trim();
  if (!title) return { error: CouponMsg.title };
  const thresholdFen = d.threshold.trim() === '' ? 0 : fenOfYuan(d.threshold);
  if (thresholdFen === null) return { error: CouponMsg.value };
  let valueFen: number | null = null;
  let payPercent: number | null = null;
  let item: string | null = null;
  if (d.kind === 'cash') {
    valueFen = fenOfYuan(d.value);
    if (valueFen === null || valueFen < 1) return { error: CouponMsg.value };
  } else if (d.kind === 'discount') {
    payPercent = percentOfZhe(d.discount);
    if (payPercent === null) return { error: CouponMsg.percent };
  } else {
    item = d.item.trim();
    if (!item) return { error: CouponMsg.item };
  }
  const total = whole(d.total);
  if (total === null) return { error: CouponMsg.total };
  const perPerson = whole(d.perPerson);
  if (perPerson === null) return { error: CouponMsg.perPerson };
  const validDays = whole(d.validDays);
  if (validDays === null) return { error: CouponMsg.validDays };
  if (!isIsoDate(d.claimFrom) || !isIsoDate(d.claimTo) || d.claimTo < d.claimFrom) return { error: CouponMsg.window };
  const claimStartsAt = Math.floor(startOfBeijingDay(d.claimFrom).getTime() / 1000);
  const claimEndsAt = Math.floor(startOfBeijingDay(addDays(d.claimTo, 1)).getTime() / 1000);
  return { body: { title, kind: d.kind, valueFen, thresholdFen, payPercent, item, total, perPerson, claimStartsAt, claimEndsAt, validDays, minLevel: d.minLevel, communities: d.communities, rules: d.rules.trim() } };
}
