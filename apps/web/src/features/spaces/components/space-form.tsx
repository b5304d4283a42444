import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import Popup from 'antd-mobile/es/components/popup';
import Switch from 'antd-mobile/es/components/switch';
import TextArea from 'antd-mobile/es/components/text-area';
import { DEFAULT_WEEK_HOURS, SPACE_DESCRIPTION_MAX_CHARS, SPACE_MAX_DAYS_AHEAD, SPACE_NAME_MAX_CHARS, SPACE_RULES_MAX_CHARS, SPACE_SLOT_MINUTES, clockText, hoursText, WEEKDAY_NAMES, type WeekHours } from '@sq/contract/spaces/space-rules';
import type { Space } from '@sq/contract/spaces/spaces';
import { showToast } from '../../../lib/toast';
import { useSaveSpace } from '../api/spaces';

const TIMES = Array.from({ length: 49 }, (_, i) => i * 30);

/** A space's settings (new when `space` is null): name, texts, hours per weekday, slot length, limits, approval, open or stopped. */
export function SpaceForm({ poiId, space, onClose }: { poiId: string; space: Space | null | undefined; onClose: () => void }) {
  const visible = space !== undefined;
  return (
    <Popup visible={visible} onMaskClick={onClose} bodyStyle={{ maxHeight: '90vh', overflowY: 'auto', borderRadius: '12px 12px 0 0' }} destroyOnClose>
      {visible && <Form poiId={poiId} space={space} onClose={onClose} />}
    </Popup>
  );
}

function Form({ poiId, space, onClose }: { poiId: string; space: Space | null; onClose: () => void }) {
  const save = useSaveSpace();
  const [name, setName] = useState(space?.name ?? '');
  const [description, setDescription] = useState(space?.description ?? '');
  const [rules, setRules] = useState(space?.rules ?? '');
  const [hours, setHours] = useState<WeekHours>(space?.hours ?? DEFAULT_WEEK_HOURS);
  const [slotMinutes, setSlotMinutes] = useState(space?.slotMinutes ?? 60);
  const [weekly, setWeekly] = useState(space?.weeklyMinutes ? String(space.weeklyMinutes / 60) : '');
  const [daysAhead, setDaysAhead] = useState(String(space?.daysAhead ?? 14));
  const [needsApproval, setNeedsApproval] = useState(space?.needsApproval ?? false);
  const [active, setActive] = useState(space?.active ?? true);

  const setDay = (i: number, value: [number, number] | null) => setHours(hours.map((h, j) => (j === i ? value : h)));
  const submit = async () => {
    await save.mutateAsync({
      poiId,
      id: space?.id,
      name,
      description,
      rules,
      hours,
      slotMinutes: slotMinutes as (typeof SPACE_SLOT_MINUTES)[number],
      needsApproval,
      weeklyMinutes: weekly.trim() ? Math.round(Number(weekly) * 60) : null,
      daysAhead: Number(daysAhead),
      active,
    });
    showToast('已保存');
    onClose();
  };

  return (
    <form className="sp-card" onSubmit={(e) => (e.preventDefault(), void submit())} aria-label={space ? '修改场地' : '新建场地'}>
      <h2 className="sp-card-title">{space ? '修改场地' : '新建场地'}</h2>
      <div className="sp-form-row">
        <label htmlFor="sp-name">场地名称</label>
        <Input id="sp-name" className="sp-field" placeholder="如：多功能活动室" maxLength={SPACE_NAME_MAX_CHARS} value={name} onChange={setName} />
      </div>
      <div className="sp-form-row">
        <label htmlFor="sp-desc">场地介绍</label>
        <TextArea id="sp-desc" className="sp-field" placeholder="位置、面积、设施" maxLength={SPACE_DESCRIPTION_MAX_CHARS} autoSize value={description} onChange={setDescription} />
      </div>
      <div className="sp-form-row">
        <label htmlFor="sp-rules">使用规则</label>
        <TextArea id="sp-rules" className="sp-field" placeholder="如：用后请关灯锁门" maxLength={SPACE_RULES_MAX_CHARS} autoSize value={rules} onChange={setRules} />
      </div>
      <div className="sp-form-row">
        <span className="sp-label">开放时间</span>
        {hours.map((h, i) => (
          <div className="sp-hours" key={WEEKDAY_NAMES[i]}>
            <span>{WEEKDAY_NAMES[i]}</span>
            <select aria-label={`${WEEKDAY_NAMES[i]}开始`} disabled={!h} value={h?.[0] ?? 480} onChange={(e) => setDay(i, [Number(e.target.value), h?.[1] ?? 1260])}>
              {TIMES.slice(0, 48).map((m) => (
                <option key={m} value={m}>{clockText(m)}</option>
              ))}
            </select>
            <select aria-label={`${WEEKDAY_NAMES[i]}结束`} disabled={!h} value={h?.[1] ?? 1260} onChange={(e) => setDay(i, [h?.[0] ?? 480, Number(e.target.value)])}>
              {TIMES.slice(1).map((m) => (
                <option key={m} value={m}>{clockText(m)}</option>
              ))}
            </select>
            <Switch aria-label={`${WEEKDAY_NAMES[i]}开放`} checked={Boolean(h)} onChange={(on) => setDay(i, on ? [480, 1260] : null)} />
          </div>
        ))}
      </div>
      <div className="sp-form-row">
        <label htmlFor="sp-slot">每个时段</label>
        <select id="sp-slot" className="sp-select" value={slotMinutes} onChange={(e) => setSlotMinutes(Number(e.target.value))}>
          {SPACE_SLOT_MINUTES.map((m) => (
            <option key={m} value={m}>{hoursText(m)}</option>
          ))}
        </select>
      </div>
      <div className="sp-form-row">
        <label htmlFor="sp-weekly">每人每周最多（小时，不填为不限）</label>
        <Input id="sp-weekly" className="sp-field" type="number" inputMode="decimal" value={weekly} onChange={setWeekly} />
      </div>
      <div className="sp-form-row">
        <label htmlFor="sp-ahead">可提前预约天数（1 – {SPACE_MAX_DAYS_AHEAD}）</label>
        <Input id="sp-ahead" className="sp-field" type="number" inputMode="numeric" value={daysAhead} onChange={setDaysAhead} />
      </div>
      <div className="sp-form-row sp-row">
        <span className="sp-label">预约需审核</span>
        <Switch aria-label="预约需审核" checked={needsApproval} onChange={setNeedsApproval} />
      </div>
      <div className="sp-form-row sp-row">
        <span className="sp-label">开放预约</span>
        <Switch aria-label="开放预约" checked={active} onChange={setActive} />
      </div>
      <div className="sp-actions">
        <Button block size="large" onClick={onClose}>
          取消
        </Button>
        <Button block size="large" color="primary" type="submit" loading={save.isPending}>
          保存
        </Button>
      </div>
    </form>
  );
}
