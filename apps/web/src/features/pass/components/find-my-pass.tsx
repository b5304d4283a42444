import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { WebRoute } from '@sq/contract/routes';
import { MyCommunityList } from '../../../components/my-community-list';
import { isClientError } from '../../../lib/api-error';
import { quickLoginUrl } from '../../../lib/login-referer';
import { useMyCommunities } from '../../../lib/my-communities';
import { currentToken } from '../../../lib/session';
import { storage, StorageKey } from '../../../lib/storage';

const passOf = (poiId: string, direction: 1 | 2) => `${WebRoute.pass}?poiId=${encodeURIComponent(poiId)}&state=${direction}`;

/**
 * /pcheck without a community in the link or on this phone – the installed app's start page on a
 * new phone, after a cleared browser, an imported resident's first login: the account says where
 * its pass is (one community: straight to it; several: a choice), offline from the last copy.
 */
export function FindMyPass({ direction }: { direction: 1 | 2 }) {
  const token = currentToken();
  const navigate = useNavigate();
  const mine = useMyCommunities(token);
  const only = mine.data?.length === 1 ? mine.data[0]!.poiId : null;

  useEffect(() => {
    if (only) navigate(passOf(only, direction), { replace: true });
  }, [only, direction, navigate]);

  if (!token) {
    return (
      <Problem title="请先登录" text="登录后即可查看您的通行证">
        <Link className="pass-button pass-button-primary" to={quickLoginUrl(WebRoute.pass, `?state=${direction}`)}>
          登录
        </Link>
      </Problem>
    );
  }
  if (mine.isError) {
    const offline = !isClientError(mine.error);
    return (
      <Problem title={offline ? '网络不可用' : '通行证加载失败'} text={offline ? '请联网后重试，找到通行证后本机会记住它' : mine.error.message}>
        <button type="button" className="pass-button pass-button-primary" onClick={() => void mine.refetch()}>
          重新加载
        </button>
      </Problem>
    );
  }
  if (mine.data && mine.data.length > 1) {
    return (
      <div className="pass-card pass-problem">
        <h2>请选择社区</h2>
        <p>您在以下社区有通行证、房屋或执勤身份</p>
        {/* Remembered as the one viewed: the next bare /pcheck opens it, offline too. */}
        <MyCommunityList communities={mine.data} linkTo={(id) => passOf(id, direction)} onPick={(id) => storage.set(StorageKey.currentCommunity, id)} />
      </div>
    );
  }
  if (mine.data && mine.data.length === 0) {
    return (
      <Problem title="您还没有通行证" text="请扫描小区门口的二维码登记，或先选择您所在的社区">
        <Link className="pass-button pass-button-primary" to={WebRoute.communityChooser}>
          选择社区
        </Link>
      </Problem>
    );
  }
  return (
    <div className="pass-card pass-loading" role="status" aria-label="加载中">
      <span className="pass-spinner" aria-hidden="true" />
      <p>正在查找您的通行证…</p>
    </div>
  );
}

function Problem({ title, text, children }: { title: string; text: string; children: React.ReactNode }) {
  return (
    <div className="pass-card pass-problem" role="alert">
      <h2>{title}</h2>
      <p>{text}</p>
      {children}
    </div>
  );
}
