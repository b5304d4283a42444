import type { ReactNode } from 'react';
import Button from 'antd-mobile/es/components/button';
import { ExclamationCircleOutline, LinkOutline, LockOutline } from 'antd-mobile-icons';
import { Link, useLocation } from 'react-router';
import { Code } from '@sq/contract/envelope';
import { WebRoute } from '@sq/contract/routes';
import { ApiError } from '../../../lib/api-error';
import './manage-ui.css';

interface Look {
  title: string;
  icon: ReactNode;
  tone: 'refused' | 'failed';
}

function lookOf(error: Error): Look {
  if (!(error instanceof ApiError)) return { title: '网络不可用', icon: <ExclamationCircleOutline />, tone: 'failed' };
  if (error.code === Code.forbidden) return { title: '无权访问', icon: <LockOutline />, tone: 'refused' };
  if (error.code === Code.notFound) return { title: '小区不存在', icon: <LinkOutline />, tone: 'refused' };
  if (error.code === Code.notLoggedIn || error.code === Code.sessionInvalid) return { title: '请先登录', icon: <LockOutline />, tone: 'refused' };
  return { title: '加载失败', icon: <ExclamationCircleOutline />, tone: 'failed' };
}

function Panel({ look, message, children }: { look: Look; message: string; children: ReactNode }) {
  return (
    <section className="mg-card mg-failure" role="alert">
      <span className={`mg-failure-icon mg-failure-${look.tone}`} aria-hidden="true">
        {look.icon}
      </span>
      <h2 className="mg-failure-title">{look.title}</h2>
      <p className="mg-failure-text">{message}</p>
      <div className="mg-failure-actions">{children}</div>
    </section>
  );
}

/**
 * A screen that could not load, said plainly: staff of another community see 无权访问 with the
 * server's reason, never an empty list they might take for "nobody registered". A phone shared
 * at the gate may simply be logged in as someone else, hence 切换账号.
 */
export function LoadFailure({ error, onRetry }: { error: Error; onRetry?: () => void }) {
  const look = lookOf(error);
  const location = useLocation();
  const here = location.pathname + location.search;
  return (
    <Panel look={look} message={error.message}>
      {look.tone === 'failed' && onRetry ? (
        <Button color="primary" shape="rounded" onClick={onRetry}>
          重新加载
        </Button>
      ) : (
        <Link className="mg-link-button" to={`${WebRoute.login}?referer=${encodeURIComponent(here)}`}>
          切换账号
        </Link>
      )}
      <Link className="mg-failure-home" to={WebRoute.home}>
        返回首页
      </Link>
    </Panel>
  );
}

/** Shown for a link without its community (?poiId=). */
export function MissingCommunity() {
  return (
    <Panel look={{ title: '链接不完整', icon: <LinkOutline />, tone: 'refused' }} message="缺少小区信息，请从通行证页的管理中心入口进入">
      <Link className="mg-link-button" to={WebRoute.home}>
        返回首页
      </Link>
    </Panel>
  );
}
