import { useRef, useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import List from 'antd-mobile/es/components/list';
import Input from 'antd-mobile/es/components/input';
import type { InputRef } from 'antd-mobile/es/components/input';
import { LeftOutline } from 'antd-mobile-icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { getWechatConfigCall, MSG_WECHAT_FAILED, WECHAT_AUTHORIZE_PATH, WECHAT_ERROR_PARAM, WECHAT_TICKET_PARAM } from '@sq/contract/wechat/wechat-login';
import { callApi } from '../../../lib/api-client';
import { API_BASE } from '../../../lib/login-handoff';
import { WebRoute } from '@sq/contract/routes';
import { MOBILE_PATTERN, MSG_MOBILE_INVALID, MSG_MOBILE_REQUIRED, SMS_CODE_LENGTH, SMS_CODE_TTL_SECONDS } from '@sq/contract/rules';
import { safeReferer } from '@sq/contract/auth/safe-referer';
import { showToast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLogin } from '../api/login';
import { SmsCodeButton } from '../components/sms-code-button';
import './login-page.css';

const MOBILE_LENGTH = 11;
const digitsOnly = (value: string) => value.replace(/\D/g, '');

/** 手机号验证码登录, for both /login and /quickLogin?referer=… (spec §4 Login). */
export function LoginPage() {
  useDocumentTitle('登录');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const login = useLogin();
  const codeInput = useRef<InputRef>(null);
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [devCode, setDevCode] = useState<string>();

  const filled = mobile.length === MOBILE_LENGTH && code.length === SMS_CODE_LENGTH;

  const onSent = (sentDevCode: string | undefined) => {
    setDevCode(sentDevCode);
    if (sentDevCode) setCode(sentDevCode);
    codeInput.current?.focus();
  };

  // WeChat login (when this deployment offers it): first, inside WeChat's own browser.
  const wxTicket = params.get(WECHAT_TICKET_PARAM);
  const wxFailed = params.get(WECHAT_ERROR_PARAM) === '1';
  const wechat = useQuery({ queryKey: ['auth', 'wechat'], queryFn: ({ signal }) => callApi(getWechatConfigCall, undefined, { signal, silent: true }), staleTime: Infinity });
  const inWechat = /MicroMessenger/i.test(navigator.userAgent);
  const referer = safeReferer(params.get('referer'));
  const wechatLogin = (scope: 'base' | 'userinfo') => {
    window.location.assign(`${API_BASE}${WECHAT_AUTHORIZE_PATH}?scope=${scope}&referer=${encodeURIComponent(referer)}`);
  };

  const submit = () => {
    if (!mobile) {
      showToast(MSG_MOBILE_REQUIRED);
      return;
    }
    if (!MOBILE_PATTERN.test(mobile)) {
      showToast(MSG_MOBILE_INVALID);
      return;
    }
    login.mutate(
      { mobile, code, ...(wxTicket ? { wxTicket } : {}) },
      {
        onSuccess: (data) => {
          // A WeChat just bound to an account with no name of its own: WeChat is asked for one.
          if (data.wantName) wechatLogin('userinfo');
          else navigate(referer, { replace: true });
        },
      },
    );
  };

  return (
    <main className="login-page">
      <header className="login-header">
        {/* A way back to the page before (or home, when the login was the first page opened). */}
        <button
          type="button"
          className="login-back"
          aria-label="返回"
          onClick={() => (window.history.length > 1 ? navigate(-1) : navigate(WebRoute.home, { replace: true }))}
        >
          <LeftOutline />
          <span>返回</span>
        </button>
        <div className="login-logo" aria-hidden="true">
          社
        </div>
        <h1 className="login-title">社区服务</h1>
        <p className="login-subtitle">手机号验证码登录</p>
      </header>

      {wxTicket && (
        <p className="login-wechat-note" role="status">
          首次使用微信登录，请验证手机号，完成后即可直接用微信登录
        </p>
      )}
      {wxFailed && (
        <p className="login-wechat-note login-wechat-failed" role="alert">
          {MSG_WECHAT_FAILED}
        </p>
      )}
      {wechat.data?.enabled && inWechat && !wxTicket && (
        <div className="login-wechat">
          <Button block color="success" size="large" shape="rounded" onClick={() => wechatLogin('base')}>
            微信一键登录
          </Button>
          <p className="login-wechat-or">或使用手机号验证码登录</p>
        </div>
      )}

      {/* A plain form laid out as antd-mobile's horizontal Form: its Form brings a field-store library
          (~28 KB gzipped) that two controlled inputs do not need, on the screen a logged-out /pcheck shows. */}
      <form
        className="login-form"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <List>
          <List.Item prefix={<label className="login-label" htmlFor="login-mobile">手机号</label>}>
            <Input
              id="login-mobile"
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              maxLength={MOBILE_LENGTH}
              placeholder="请输入手机号"
              clearable
              value={mobile}
              onChange={(v) => setMobile(digitsOnly(v))}
            />
          </List.Item>
          <List.Item prefix={<label className="login-label" htmlFor="login-code">验证码</label>} extra={<SmsCodeButton mobile={mobile} onSent={onSent} />}>
            <Input
              id="login-code"
              ref={codeInput}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={SMS_CODE_LENGTH}
              placeholder="请输入验证码"
              value={code}
              onChange={(v) => setCode(digitsOnly(v))}
            />
          </List.Item>
        </List>
        <div className="login-footer">
          <Button block type="submit" color="primary" size="large" shape="rounded" disabled={!filled} loading={login.isPending}>
            登录
          </Button>
        </div>
      </form>

      {devCode && (
        <p className="login-dev-code" role="status">
          开发环境验证码：{devCode}
        </p>
      )}
      <p className="login-hint">验证码 {SMS_CODE_TTL_SECONDS / 60} 分钟内有效，请勿泄露给他人</p>
    </main>
  );
}
