import type { ReactNode } from 'react';
import {
  EVENT_AUDIENCES,
  EVENT_AUDIENCE_NAMES,
  EVENT_DESCRIPTION_MAX_CHARS,
  EVENT_KINDS,
  EVENT_KIND_NAMES,
  EVENT_MAX_COMPANIONS,
  EVENT_PLACE_MAX_CHARS,
  EVENT_TITLE_MAX_CHARS,
} from '@sq/contract/events/event-rules';
import type { EventForm } from '../lib/event-form';
import { CoverPicker } from './cover-picker';

const Field = ({ label, hint, children }: { label: string; hint?: string; children: ReactNode }) => (
  <label className="ev-field">
    <span>{label}</span>
    {children}
    {hint && <small className="ev-muted">{hint}</small>}
  </label>
);

/** The publish form's fields, in the order a person thinks of an event: what, when, where, who, how many. */
export function PublishForm({ poiId, form, set }: { poiId: string; form: EventForm; set: (patch: Partial<EventForm>) => void }) {
  const text = (key: keyof EventForm) => ({ value: form[key] as string, onChange: (e: { target: { value: string } }) => set({ [key]: e.target.value }) });
  return (
    <>
      <section className="ev-box">
        <fieldset className="ev-field">
          <legend>活动类型</legend>
          <div className="ev-chips ev-chips-wrap">
            {EVENT_KINDS.map((k) => (
              <button key={k} type="button" className="ev-filter" aria-pressed={form.kind === k} onClick={() => set({ kind: k })}>
                {EVENT_KIND_NAMES[k]}
              </button>
            ))}
          </div>
        </fieldset>
        <Field label="活动标题">
          <input className="ev-input" name="title" maxLength={EVENT_TITLE_MAX_CHARS} placeholder="如：重阳节老年人免费体检" {...text('title')} />
        </Field>
        <div className="ev-field">
          <span>封面图片</span>
          <CoverPicker poiId={poiId} value={form.cover} onChange={(cover) => set({ cover })} />
        </div>
        <Field label="活动介绍">
          <textarea className="ev-input" name="description" rows={5} maxLength={EVENT_DESCRIPTION_MAX_CHARS} placeholder="活动内容、注意事项、需要携带的物品" {...text('description')} />
        </Field>
      </section>
      <section className="ev-box">
        <Field label="活动地点">
          <input className="ev-input" name="place" maxLength={EVENT_PLACE_MAX_CHARS} placeholder="如：社区活动室（3号楼一层）" {...text('place')} />
        </Field>
        <Field label="开始时间">
          <input className="ev-input" name="startsAt" type="datetime-local" {...text('startsAt')} />
        </Field>
        <Field label="结束时间">
          <input className="ev-input" name="endsAt" type="datetime-local" {...text('endsAt')} />
        </Field>
        <Field label="报名截止（选填）" hint="不填则活动开始时截止">
          <input className="ev-input" name="signupClosesAt" type="datetime-local" {...text('signupClosesAt')} />
        </Field>
        <Field label="取消报名截止（选填）" hint="不填则活动开始前 2 小时截止">
          <input className="ev-input" name="cancelUntil" type="datetime-local" {...text('cancelUntil')} />
        </Field>
      </section>
      <section className="ev-box">
        <Field label="名额（人数，含同行人）">
          <input className="ev-input" name="capacity" inputMode="numeric" placeholder="如：30" {...text('capacity')} />
        </Field>
        <Field label="每人可带同行人数">
          <select className="ev-input" name="maxCompanions" value={form.maxCompanions} onChange={(e) => set({ maxCompanions: Number(e.target.value) })}>
            {Array.from({ length: EVENT_MAX_COMPANIONS + 1 }, (_, n) => (
              <option key={n} value={n}>
                {n === 0 ? '不可带' : `最多 ${n} 人`}
              </option>
            ))}
          </select>
        </Field>
        <Field label="谁可以报名">
          <select className="ev-input" name="audience" value={form.audience} onChange={(e) => set({ audience: e.target.value as EventForm['audience'] })}>
            {EVENT_AUDIENCES.map((a) => (
              <option key={a} value={a}>
                {EVENT_AUDIENCE_NAMES[a]}
              </option>
            ))}
          </select>
        </Field>
        <Field label="费用（元，选填）" hint="现场缴纳，不在线支付；不填为免费">
          <input className="ev-input" name="fee" inputMode="decimal" placeholder="免费" {...text('feeYuan')} />
        </Field>
        <label className="ev-check">
          <input type="checkbox" checked={form.needsPhone} onChange={(e) => set({ needsPhone: e.target.checked })} />
          报名需填写手机号
        </label>
        <label className="ev-check">
          <input type="checkbox" checked={form.attendeePhotos} onChange={(e) => set({ attendeePhotos: e.target.checked })} />
          参加者可上传照片到活动相册
        </label>
      </section>
    </>
  );
}
