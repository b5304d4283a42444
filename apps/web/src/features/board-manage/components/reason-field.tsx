import TextArea from 'antd-mobile/es/components/text-area';
import { MODERATION_REASON_MAX_CHARS } from '@sq/contract/board/board-rules';
import './sheets.css';

/**
 * A reason the person concerned will read, required: a few common ones to tap (older staff type
 * slowly on a phone) and the box to write or finish one.
 */
export function ReasonField({ label, placeholder, value, onChange, presets }: { label: string; placeholder: string; value: string; onChange: (v: string) => void; presets: readonly string[] }) {
  return (
    <div className="bm-reason">
      {/* antd-mobile's TextArea puts aria-* on its wrapper, not the box: a <label for> names it. */}
      <label className="bm-field-label" htmlFor="bm-reason">
        {label}
      </label>
      <div className="bm-presets">
        {presets.map((p) => (
          <button key={p} type="button" className={`bm-chip${value === p ? ' is-on' : ''}`} aria-pressed={value === p} onClick={() => onChange(p)}>
            {p}
          </button>
        ))}
      </div>
      <TextArea
        className="bm-textarea"
        id="bm-reason"
        placeholder={placeholder}
        value={value}
        onChange={onChange}
        maxLength={MODERATION_REASON_MAX_CHARS}
        showCount
        autoSize={{ minRows: 2, maxRows: 5 }}
      />
    </div>
  );
}
