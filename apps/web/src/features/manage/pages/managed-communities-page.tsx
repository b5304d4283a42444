import { useState, type ReactNode } from 'react';
import SearchBar from 'antd-mobile/es/components/search-bar';
import { Link, useNavigate } from 'react-router';
import { WebRoute } from '@sq/contract/routes';
import { maskMobile } from '@sq/contract/rules';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLogout } from '../../auth';
import { EmptyState } from '../../../components/empty-state';
import { useManagedCommunities } from '../api/managed-communities';
import { LoadFailure } from '../components/load-failure';
import { ManageHeader } from '../components/manage-header';
import { PrivacyNotice } from '../components/privacy-notice';
import { filterByName } from '../lib/community-filter';
import '../components/manage-ui.css';
import './managed-communities-page.css';

const at = (path: string, poiId: string) => `${path}?poiId=${encodeURIComponent(poiId)}`;

/**
 * 小区列表 (spec §2 /gllist): the communities an administrator holds, with their registration and
 * entry-log counts and a way into each. Enter in the search box filters the rows by name.
 */
export function ManagedCommunitiesPage() {
  useDocumentTitle('小区列表');
  const navigate = useNavigate();
  const list = useManagedCommunities();
  const logout = useLogout();
  const [draft, setDraft] = useState('');
  const [filter, setFilter] = useState('');

  const onLogout = () =>
    logout.mutate(undefined, {
      onSuccess: () => navigate(`${WebRoute.login}?referer=${encodeURIComponent(WebRoute.managedCommunities)}`, { replace: true }),
    });

  const mobile = list.data?.mobile ?? '';
  const rows = list.data ? filterByName(list.data.communitys, filter) : [];

  let body: ReactNode;
  if (list.error && !list.data) body = <LoadFailure error={list.error} onRetry={() => void list.refetch()} />;
  else if (!list.data) body = <p className="mg-loading" role="status">正在加载…</p>;
  else {
    body = (
      <section className="mg-card gl-card" aria-label="小区列表">
        {rows.length === 0 ? (
          <EmptyState title="暂无数据~">{filter && `没有名称包含“${filter}”的小区`}</EmptyState>
        ) : (
          <table className="gl-table">
            <thead>
              <tr>
                <th scope="col">小区</th>
                <th scope="col">登记记录</th>
                <th scope="col">出入记录</th>
                <th scope="col">操作</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.poiId}>
                  <th scope="row" className="gl-name">
                    <Link to={at(WebRoute.manageCentre, row.poiId)}>{row.community}</Link>
                  </th>
                  <td>
                    <Link className="gl-count mg-num" to={at(WebRoute.records, row.poiId)} aria-label={`${row.community}登记记录${row.reg_nums}条`}>
                      {row.reg_nums}
                    </Link>
                  </td>
                  <td>
                    <Link className="gl-count mg-num" to={at(WebRoute.entryLogs, row.poiId)} aria-label={`${row.community}出入记录${row.sign_logs}条`}>
                      {row.sign_logs}
                    </Link>
                  </td>
                  <td>
                    <Link className="gl-action" to={at(WebRoute.dutyStaff, row.poiId)}>
                      执勤者管理
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    );
  }

  return (
    <main className="mg-screen">
      <ManageHeader title="小区列表">
        <div className="gl-account">
          <span className="gl-mobile mg-num" data-testid="manager-mobile">
            {mobile ? (mobile.length === 11 ? maskMobile(mobile) : mobile) : '\u00a0'}
          </span>
          <button type="button" className="gl-logout" disabled={logout.isPending} onClick={onLogout}>
            退出登录
          </button>
        </div>
      </ManageHeader>
      <PrivacyNotice />
      <div className="gl-search">
        <SearchBar
          placeholder="请输入小区名称"
          value={draft}
          onChange={setDraft}
          onSearch={(value) => setFilter(value.trim())}
          onClear={() => setFilter('')}
        />
      </div>
      {list.data && list.data.communitys.length > 0 && (
        <p className="gl-summary">
          共 {list.data.communitys.length} 个小区{filter && `，显示 ${rows.length} 个`}
          <Link className="gl-dashboard" to={WebRoute.dashboard}>
            全部小区统计
          </Link>
        </p>
      )}
      {body}
    </main>
  );
}
