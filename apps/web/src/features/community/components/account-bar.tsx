import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { WebRoute } from '@sq/contract/routes';
import { maskMobile } from '@sq/contract/rules';
import { getNativeToken, isNativeShell, requestHostLogin } from '../../../lib/native-bridge';
import { StorageKey } from '../../../lib/storage';
import { useStoredValue } from '../../../lib/use-stored-value';
import { useLogout } from '../../auth';
import { NoticeBell } from '../../notifications';
import './account-bar.css';

/** Who is logged in, and the way in or out, small in the corner of the home page. */
export function AccountBar() {
  const navigate = useNavigate();
  const logout = useLogout();
  const token = useStoredValue(StorageKey.token);
  const mobile = useStoredValue(StorageKey.userMobile);
  // A shell's login is the shell's: it is read once, and changing it reloads the page anyway.
  const [nativeToken] = useState(getNativeToken);

  const onLogin = () => {
    const here = window.location.pathname + window.location.search;
    if (isNativeShell()) requestHostLogin(here);
    else navigate(`${WebRoute.login}?referer=${encodeURIComponent(here)}`);
  };

  let status: string;
  if (token) status = mobile ? `已登录：${maskMobile(mobile)}` : '已登录';
  else status = nativeToken ? '已通过客户端登录' : '未登录';

  return (
    <div className="sq-account">
      <span className="sq-account-status" data-testid="login-status">
        {status}
      </span>
      {(token || nativeToken) && <NoticeBell className="sq-account-action" />}
      {(token || nativeToken) && (
        // 我的信息 holds the person's data and the 长辈模式 setting.
        <Link className="sq-account-action" to={WebRoute.myData}>
          我的信息
        </Link>
      )}
      {token ? (
        <button type="button" className="sq-account-action" disabled={logout.isPending} onClick={() => logout.mutate()}>
          退出登录
        </button>
      ) : (
        !nativeToken && (
          <button type="button" className="sq-account-action" onClick={onLogin}>
            登录
          </button>
        )
      )}
    </div>
  );
}
