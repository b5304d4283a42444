import { useElderMode } from '../lib/elder-mode';
import './elder-mode-switch.css';

/**
 * The 长辈模式 switch, on the pass page and in 我的信息. A plain button with the switch role (no
 * antd-mobile Switch): the pass page carries it in its first load, which has a budget.
 */
export function ElderModeSwitch({ className = '' }: { className?: string }) {
  const [on, set] = useElderMode();
  return (
    <div className={`elder-switch ${className}`}>
      <span className="elder-switch-text" id="elder-switch-label">
        长辈模式
        <small>大字、大按钮，通行证只显示二维码和姓名</small>
      </span>
      <button type="button" role="switch" aria-checked={on} aria-label="长辈模式" className="elder-switch-button" onClick={() => set(!on)}>
        <span className="elder-switch-knob" />
      </button>
    </div>
  );
}
