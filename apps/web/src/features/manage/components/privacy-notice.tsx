import { ExclamationShieldOutline } from 'antd-mobile-icons';
import './manage-ui.css';

export const PRIVACY_TEXT = '请保护用户隐私，不得非法复制、传播或使用用户信息';

/** Spec §1: every staff screen showing personal data reminds of the duty to protect it (PIPL). */
export function PrivacyNotice() {
  return (
    <p className="mg-privacy" role="note">
      <ExclamationShieldOutline className="mg-privacy-icon" aria-hidden="true" />
      <span>{PRIVACY_TEXT}</span>
    </p>
  );
}
