import { Switch } from 'antd-mobile';
import { useElderMode } from '../lib/elder-mode';
import './elder-mode-switch.css';

/** The 长辈模式 switch: on the pass page and in 我的信息's settings. */
export function ElderModeSwitch({ className = '' }: { className?: string }) {
  const [on, set] = useElderMode();
  return (
    <label className={`elder-switch ${className}`}>
      <span className="elder-switch-text">
        长辈模式
        <small>大字、大按钮，通行证只显示二维码和姓名</small>
      </span>
      <Switch checked={on} onChange={set} aria-label="长辈模式" />
    </label>
  );
}
