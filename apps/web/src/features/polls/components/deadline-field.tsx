import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import DatePickerView from 'antd-mobile/es/components/date-picker-view';
import { deadlineRange, localWallToText } from '../lib/picker-time';
import './deadline-field.css';

// The year goes without 年: five columns share a phone's width and "2026年" would be cut off.
const UNITS: Record<string, string> = { year: '', month: '月', day: '日', hour: '时', minute: '分' };
const label = (type: string, data: number) => `${String(data).padStart(type === 'year' ? 4 : 2, '0')}${UNITS[type] ?? ''}`;

/**
 * 截止时间: a minute-precise picker from now to six months ahead, in Beijing time (spec §5).
 * It opens in the page, not as a bottom sheet: in an iframe sized to its content a sheet would
 * appear at the bottom of the frame, possibly below the host page's visible part.
 */
export function DeadlineField({ value, onChange }: { value: string; onChange: (text: string) => void }) {
  const [open, setOpen] = useState(false);
  // Taken when the picker opens, so a form left open for a while still offers the right range.
  const [range, setRange] = useState(() => deadlineRange(new Date()));
  const [draft, setDraft] = useState<Date>(range.suggested);

  const toggle = () => {
    if (!open) {
      const fresh = deadlineRange(new Date());
      setRange(fresh);
      setDraft(fresh.suggested);
    }
    setOpen(!open);
  };

  return (
    <div className="deadline">
      <button type="button" className="deadline-field" aria-expanded={open} onClick={toggle}>
        <span className="deadline-field-label">截止时间</span>
        <span className={value ? 'deadline-field-value' : 'deadline-field-placeholder'}>{value || '请选择'}</span>
        <span className={`deadline-field-arrow${open ? ' is-open' : ''}`} aria-hidden="true">
          ›
        </span>
      </button>
      {open && (
        <div className="deadline-picker" role="group" aria-label="选择截止时间（北京时间）">
          <DatePickerView precision="minute" min={range.min} max={range.max} value={draft} onChange={setDraft} renderLabel={label} />
          <div className="deadline-picker-actions">
            <Button shape="rounded" onClick={() => setOpen(false)}>
              取消
            </Button>
            <Button
              color="primary"
              shape="rounded"
              onClick={() => {
                onChange(localWallToText(draft));
                setOpen(false);
              }}
            >
              确定
            </Button>
          </div>
          <p className="deadline-picker-hint">北京时间，最晚可选6个月后</p>
        </div>
      )}
    </div>
  );
}
