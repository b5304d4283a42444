import Button from 'antd-mobile/es/components/button';
import { secondsOfSmsTooSoon } from '@sq/contract/auth/send-sms-code';
import { MOBILE_PATTERN, MSG_MOBILE_INVALID, MSG_MOBILE_REQUIRED, SMS_RESEND_SECONDS } from '@sq/contract/rules';
import { ApiError } from '../../../lib/api-error';
import { showToast } from '../../../lib/toast';
import { useCountdown } from '../../../lib/use-countdown';
import { useSendSmsCode } from '../api/send-sms-code';

interface Props {
  mobile: string;
  /** Called once the server accepted; `devCode` is there only with the development SMS provider. */
  onSent: (devCode: string | undefined) => void;
}

/**
 * 获取验证码, then a countdown matching the server's resend limit, so taps cannot hit 429. After a
 * reload the page has lost its countdown: the server's 429 names the seconds left, and the
 * countdown picks them up.
 */
export function SmsCodeButton({ mobile, onSent }: Props) {
  const send = useSendSmsCode();
  const { remaining, start } = useCountdown();

  const onClick = () => {
    if (!mobile) {
      showToast(MSG_MOBILE_REQUIRED);
      return;
    }
    if (!MOBILE_PATTERN.test(mobile)) {
      showToast(MSG_MOBILE_INVALID);
      return;
    }
    send.mutate(
      { mobile },
      {
        onSuccess: (data) => {
          start(data.resendAfter > 0 ? data.resendAfter : SMS_RESEND_SECONDS);
          // At the top: in the middle it covered the code field and the login button.
          showToast({ content: '验证码已发送', icon: 'success', position: 'top' });
          onSent(data.devCode);
        },
        onError: (error) => {
          const wait = error instanceof ApiError ? secondsOfSmsTooSoon(error.message) : null;
          if (wait) start(wait);
        },
      },
    );
  };

  return (
    <Button
      className="login-sms-button"
      size="small"
      fill="none"
      color="primary"
      disabled={remaining > 0 || send.isPending}
      onClick={onClick}
    >
      {send.isPending ? '发送中…' : remaining > 0 ? `${remaining} 秒后重新获取` : '获取验证码'}
    </Button>
  );
}
