import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { EventMsg } from '@sq/contract/events/event-rules';
import { useCurrentCommunityId } from '../../../lib/use-current-community';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { showToast } from '../../../lib/toast';
import { useCreateEvent, useEditEvent } from '../api/event-actions';
import { useEvent, useEventSettings, useStaffRole } from '../api/event-queries';
import { EventsHeader } from '../components/events-header';
import { EventsRefusal, NoCommunity } from '../components/events-refusal';
import { PublishForm } from '../components/publish-form';
import { bodyOf, COPY_SHIFT, emptyForm, formOf, type EventForm } from '../lib/event-form';
import { eventLinks } from '../lib/event-links';
import '../events.css';

/**
 * /activitypush: staff publish an event; residents propose one where the community allows it
 * (reviewed before it shows). ?id= edits an event; ?copy=<id> repeats one with its dates a week later.
 */
export function PublishPage() {
  const [params] = useSearchParams();
  const editId = params.get('id') ?? '';
  const copyId = params.get('copy') ?? '';
  const source = useEvent(editId || copyId);
  const current = useCurrentCommunityId();
  const poiId = source.data?.poiId ?? current.poiId;
  const staff = useStaffRole(poiId);
  const settings = useEventSettings(poiId);
  const isStaff = staff.data !== null && staff.data !== undefined;
  const title = editId ? '修改活动' : isStaff || staff.isPending ? '发布活动' : '发起活动';
  useDocumentTitle(title);
  const [form, setForm] = useState<EventForm>(emptyForm);
  // The event edited or copied, read into the form once when it arrives (a refetch keeps what was typed).
  const [filledFrom, setFilledFrom] = useState<string | null>(null);
  if (source.data && filledFrom !== source.data.id) {
    setFilledFrom(source.data.id);
    setForm(formOf(source.data, copyId ? COPY_SHIFT : 0));
  }
  const filled = filledFrom !== null;
  const create = useCreateEvent();
  const edit = useEditEvent();
  const navigate = useNavigate();

  const submit = () => {
    const checked = bodyOf(form);
    if ('error' in checked) return showToast(checked.error);
    const done = (r: { id: string; status: string }) => {
      showToast(r.status === 'pending' ? '已提交，等待物业/居委会审核' : editId ? '已保存' : '已发布');
      navigate(eventLinks.detail(r.id), { replace: true });
    };
    if (editId) edit.mutate({ id: editId, body: checked.body }, { onSuccess: done });
    else create.mutate({ ...checked.body, poiId: poiId! }, { onSuccess: done });
  };

  let body;
  if (!poiId && current.settled && !editId && !copyId) body = <NoCommunity />;
  else if (source.isError) body = <EventsRefusal error={source.error} onRetry={() => void source.refetch()} />;
  else if (!poiId || staff.isPending || ((editId || copyId) && !filled)) body = <p className="ev-loading">正在加载…</p>;
  else if (!isStaff && !editId && settings.data?.residentsPropose === false)
    body = (
      <section className="ev-refusal" role="alert">
        <p className="ev-refusal-text">{EventMsg.proposalsOff}</p>
      </section>
    );
  else
    body = (
      <form
        className="ev-form"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {!isStaff && <p className="ev-note">居民发起的活动，提交后由物业/居委会审核，通过后才会发布。</p>}
        {copyId && <p className="ev-note">已复制活动内容，时间顺延一周，请核对后发布。</p>}
        <PublishForm poiId={poiId} form={form} set={(patch) => setForm((f) => ({ ...f, ...patch }))} />
        <div className="ev-form-actions">
          <button type="submit" className="ev-bar-button" disabled={create.isPending || edit.isPending}>
            {editId ? '保存修改' : isStaff ? '发布活动' : '提交审核'}
          </button>
        </div>
      </form>
    );

  return (
    <main className="ev-page">
      <EventsHeader title={title} />
      {body}
    </main>
  );
}
