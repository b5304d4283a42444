import './switch-button.css';

/**
 * An on/off switch: a plain button with the switch role (no antd-mobile Switch, which the pass
 * page's first load would carry). The whole button is the tap target – 44 px, 60 in 长辈模式.
 */
export function SwitchButton({ on, label, disabled, onChange }: { on: boolean; label: string; disabled?: boolean; onChange: (on: boolean) => void }) {
  return (
    <button type="button" role="switch" aria-checked={on} aria-label={label} className="sq-switch" disabled={disabled} onClick={() => onChange(!on)}>
      <span className="sq-switch-knob" />
    </button>
  );
}
