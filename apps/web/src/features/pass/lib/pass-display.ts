import { PassType } from '@sq/contract/pass/pass-type';
import type { PassView } from '@sq/contract/pass/pass-view';

/** Colour of the pass (spec §4 Pass type): green normal, blue visitor, orange pending, grey expired. */
export type PassTone = 'normal' | 'visitor' | 'pending' | 'expired';

export interface PassDisplay {
  tone: PassTone;
  /** Header title: a visitor holds a temporary pass. */
  title: string;
  /** The big status word on the pass. */
  status: string;
  /** 欢迎回家 / 一路平安 on a usable pass; null for visitors (spec §2) and unusable passes. */
  greeting: string | null;
  showQr: boolean;
  /** The box naming community, direction and identity (spec: ptype 1 or -3). */
  showArea: boolean;
  /** Expired: offer to apply again through the own registration view. */
  showReapply: boolean;
  /** 有效期至 … for visitors with an end date. */
  validUntil: string | null;
}

const VISITOR = '访客';

export const directionLabel = (pass: number) => (pass === 2 ? '离开小区' : '进入小区');
export const greetingFor = (pass: number) => (pass === 2 ? '一路平安' : '欢迎回家');

const returnedStatus = (days: number | null) => (days == null ? '已返京' : days === 0 ? '今日返京' : `已返京${days}天`);

/** What the pass page shows for a pass view; ptype -1 never gets here (the page goes to the form). */
export function describePass(view: PassView): PassDisplay {
  const visitor = view.owner === VISITOR;
  const usable = view.ptype === PassType.normal || view.ptype === PassType.returned;
  const base = {
    title: visitor ? '访客临时通行证' : '通行证',
    greeting: usable && !visitor ? greetingFor(view.pass) : null,
    showQr: usable && view.qr !== '',
    showArea: usable,
    showReapply: false,
    validUntil: visitor && view.expire_time ? view.expire_time : null,
  };
  switch (view.ptype) {
    case PassType.normal:
      return { ...base, tone: visitor ? 'visitor' : 'normal', status: visitor ? '临时通行' : '正常通行' };
    case PassType.pending:
      return { ...base, tone: 'pending', status: '待审核' };
    case PassType.returned:
      // A valid pass (it has a QR and lets through): coloured as one, not the spec's grey, which
      // residents read as invalid (issue 32 item 14). Day 0 is 今日返京, not 已返京0天.
      return { ...base, tone: visitor ? 'visitor' : 'normal', status: returnedStatus(view.backDay) };
    default:
      // -2 and anything newer than this page: no QR, and the way to apply again.
      return { ...base, tone: 'expired', status: '已过期', showReapply: true };
  }
}

/** What the page does after one checkCodeInfo answer (spec §4 Pass polling). */
export type PollStep =
  | { kind: 'wait' }
  | { kind: 'scanned'; pass: number; at: number | null }
  | { kind: 'sentBack' }
  | { kind: 'renew' };

export function nextPollStep(codeInfo: { isUse: number; pass: number; usedAt: number | null; expired: boolean }): PollStep {
  if (codeInfo.isUse === 1) return { kind: 'scanned', pass: codeInfo.pass, at: codeInfo.usedAt };
  if (codeInfo.isUse === -1) return { kind: 'sentBack' };
  if (codeInfo.expired) return { kind: 'renew' };
  return { kind: 'wait' };
}
