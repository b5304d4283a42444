import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { WebRoute } from '@sq/contract/routes';
import { maskMobile } from '@sq/contract/rules';
import { getNativeToken, isNativeShell, requestHostLogin } from '../../../lib/native-bridge';
import { StorageKey } from '../../../lib/storage';
import { useStoredValue } from '../../../lib/use-stored-value';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLogout } from '../../auth/api/logout';
import './home-page.css';

/**
 * The app's front door until the community home (spec §2 "/") lands here: who is logged in,
 * and the way in or out.
 */
export function HomePage() {
  useDocumentTitle();
  const navigate = useNavigate();
  const logout = useLogout();
  const token = useStoredValue(StorageKey.token);
  const mobile = useStoredValue(StorageKey.userMobile);
  // A shell's login is the shell's: it is read once, and changing it reloads the page anyway.
  const [nativeToken] = useState(getNativeToken);

  const onLogin = () => {
    if (isNativeShell()) requestHostLogin(WebRoute.home);
    else navigate(WebRoute.login);
  };

  let status: string;
  if (token) status = mobile ? `已登录：${maskMobile(mobile)}` : '已登录';
  else status = nativeToken ? '已通过客户端登录' : '未登录';

  return (
    <main className="home-page">
      <header className="home-header">
        <h1 className="home-title">社区服务</h1>
      </header>
      <section className="home-account" aria-label="账号">
        <p className="home-status" data-testid="login-status">
          {status}
        </p>
        {token ? (
          <Button block shape="rounded" loading={logout.isPending} onClick={() => logout.mutate()}>
            退出登录
          </Button>
        ) : (
          !nativeToken && (
            <Button block color="primary" shape="rounded" onClick={onLogin}>
              登录
            </Button>
          )
        )}
      </section>
    </main>
  );
}
