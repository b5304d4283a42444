import { useElderMode } from '../lib/elder-mode';
import { SwitchButton } from './switch-button';
import './elder-mode-switch.css';

/** The 长辈模式 switch, on the pass page and in 我的信息. */
export function ElderModeSwitch({ className = '' }: { className?: string }) {
  const [on, set] = useElderMode();
  return (
    <div className={`elder-switch ${className}`}>
      <span className="elder-switch-text" id="elder-switch-label">
        长辈模式
        <small>大字、大按钮，通行证只显示二维码和姓名</small>
      </span>
      <SwitchButton on={on} label="长辈模式" onChange={set} />
    </div>
  );
}
