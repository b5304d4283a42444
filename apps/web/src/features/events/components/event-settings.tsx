import { showToast } from '../../../lib/toast';
import { useSaveEventSettings } from '../api/event-actions';
import { useEventSettings } from '../api/event-queries';
import { EventsRefusal } from './events-refusal';

/** 活动管理 → 设置: whether residents may propose events (each reviewed before it shows). */
export function EventSettings({ poiId }: { poiId: string }) {
  const settings = useEventSettings(poiId);
  const save = useSaveEventSettings();
  if (settings.isError) return <EventsRefusal error={settings.error} onRetry={() => void settings.refetch()} />;
  if (!settings.data) return <p className="ev-loading">正在加载…</p>;
  return (
    <section className="ev-box">
      <label className="ev-check">
        <input
          type="checkbox"
          checked={settings.data.residentsPropose}
          disabled={save.isPending}
          onChange={(e) => save.mutate({ poiId, residentsPropose: e.target.checked }, { onSuccess: () => showToast('已保存') })}
        />
        允许居民发起活动
      </label>
      <p className="ev-muted">开启后，居民可在“社区活动”中发起活动，经工作人员审核通过后发布。</p>
    </section>
  );
}
