import Button from 'antd-mobile/es/components/button';
import { MOBILE_PATTERN, MSG_MOBILE_INVALID, SMS_RESEND_SECONDS } from '@sq/contract/rules';
import { showToast } from '../../../lib/toast';
import { useCountdown } from '../../../lib/use-countdown';
import { useSendSmsCode } from '../api/send-sms-code';

interface Props {
  mobile: string;
  /** Called once the server accepted; `devCode` is there only with the development SMS provider. */
  onSent: (devCode: string | undefined) => void;
}

/** 获取验证码, then a countdown matching the server's resend limit, so taps cannot hit 429. */
export function SmsCodeButton({ mobile, onSent }: Props) {
  const send = useSendSmsCode();
  const { remaining, start } = useCountdown();

  const onClick = () => {
    if (!MOBILE_PATTERN.test(mobile)) {
      showToast(MSG_MOBILE_INVALID);
      return;
    }
    send.mutate(
      { mobile },
      {
        onSuccess: (data) => {
          start(data.resendAfter > 0 ? data.resendAfter : SMS_RESEND_SECONDS);
          showToast({ content: '验证码已发送', icon: 'success' });
          onSent(data.devCode);
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
