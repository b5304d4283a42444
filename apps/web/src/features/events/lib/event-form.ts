import type { EventAudience, EventKind } from '@sq/contract/events/event-rules';
import type { EventBody, EventDetail } from '@sq/contract/events/events';
import type { StoredImage } from '@sq/contract/images/upload-image';
import { fromLocalInput, toLocalInput } from './event-time';

/** What the publish form holds: the inputs' own strings (times as datetime-local, the fee in yuan). */
export interface EventForm {
  kind: EventKind | null;
  title: string;
  description: string;
  cover: StoredImage | null;
  place: string;
  startsAt: string;
  endsAt: string;
  signupClosesAt: string;
  cancelUntil: string;
  capacity: string;
  maxCompanions: number;
  audience: EventAudience;
  needsPhone: boolean;
  feeYuan: string;
  attendeePhotos: boolean;
}

const WEEK = 7 * 24 * 3600;

export const emptyForm = (): EventForm => ({
  kind: null,
  title: '',
  description: '',
  cover: null,
  place: '',
  startsAt: '',
  endsAt: '',
  signupClosesAt: '',
  cancelUntil: '',
  capacity: '',
  maxCompanions: 0,
  audience: 'residents',
  needsPhone: false,
  feeYuan: '',
  attendeePhotos: true,
});

/** An event read back into the form; `shift` moves every time (a copy: a week later). */
export function formOf(e: EventDetail, shift = 0): EventForm {
  return {
    kind: e.kind,
    title: e.title,
    description: e.description,
    cover: e.cover,
    place: e.place,
    startsAt: toLocalInput(e.startsAt + shift),
    endsAt: toLocalInput(e.endsAt + shift),
    signupClosesAt: toLocalInput(e.signupClosesAt + shift),
    cancelUntil: toLocalInput(e.cancelUntil + shift),
    capacity: String(e.capacity),
    maxCompanions: e.maxCompanions,
    audience: e.audience,
    needsPhone: e.needsPhone,
    feeYuan: e.feeFen ? String(e.feeFen / 100) : '',
    attendeePhotos: e.attendeePhotos,
  };
}

export const COPY_SHIFT = WEEK;

/**
 * The body the server checks (it has the last word and answers in EventMsg); here only what the
 * inputs cannot say themselves: the first problem in the form's order, as a message, or the body.
 */
export function bodyOf(f: EventForm): { error: string } | { body: EventBody } {
  const startsAt = fromLocalInput(f.startsAt);
  const endsAt = fromLocalInput(f.endsAt);
  const fee = f.feeYuan.trim() === '' ? null : Math.round(Number(f.feeYuan) * 100);
  if (!f.kind) return { error: '请选择活动类型' };
  if (!f.title.trim()) return { error: '请输入活动标题' };
  if (!f.place.trim()) return { error: '请输入活动地点' };
  if (startsAt === null || endsAt === null) return { error: '请选择开始和结束时间' };
  if (!/^\d+$/.test(f.capacity.trim())) return { error: '请输入名额（人数）' };
  if (fee !== null && !Number.isFinite(fee)) return { error: '请输入正确的费用' };
  const closes = fromLocalInput(f.signupClosesAt);
  const cancel = fromLocalInput(f.cancelUntil);
  return {
    body: {
      kind: f.kind,
      title: f.title.trim(),
      description: f.description.trim(),
      cover: f.cover?.hash ?? null,
      place: f.place.trim(),
      startsAt,
      endsAt,
      signupClosesAt: closes ?? undefined,
      cancelUntil: cancel ?? undefined,
      capacity: Number(f.capacity.trim()),
      maxCompanions: f.maxCompanions,
      audience: f.audience,
      needsPhone: f.needsPhone,
      feeFen: fee === 0 ? null : fee,
      attendeePhotos: f.attendeePhotos,
    },
  };
}
