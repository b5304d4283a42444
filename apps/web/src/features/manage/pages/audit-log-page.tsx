import { useState, type ReactNode } from 'react';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import Toast from 'antd-mobile/es/components/toast';
import { DownlandOutline } from 'antd-mobile-icons';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { beijingDateTime } from '@sq/contract/beijing-time';
import { AuditMsg } from '@sq/contract/manage/audit-log';
import { MOBILE_PATTERN, MSG_MOBILE_INVALID } from '@sq/contract/rules';
import { EmptyState } from '../../../components/empty-state';
import { communityQuery } from '../../../lib/community-queries';
import { postDownload } from '../../../lib/form-download';
import { currentToken } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAuditLog, type AuditFilter } from '../api/audit-log';
import { LoadFailure, MissingCommunity } from '../components/load-failure';
import { centreOf, ManageHeader } from '../components/manage-header';
import '../components/manage-ui.css';
import './audit-log-page.css';

const NONE: AuditFilter = { mobile: '', from: '', to: '' };

/** 操作日志 (/auditlog?poiId=): who saw a whole number or exported whose data, when (PIPL). */
export function AuditLogPage() {
  useDocumentTitle('操作日志');
  const [params] = useSearchParams();
  const poiId = params.get('poiId') ?? '';
  const [draft, setDraft] = useState<AuditFilter>(NONE);
  const [filter, setFilter] = useState<AuditFilter>(NONE);
  const log = useAuditLog(poiId, filter);
  const community = useQuery({ ...communityQuery(poiId), enabled: poiId !== '' });

  const apply = () => {
    const mobile = draft.mobile.trim();
    if (mobile && !MOBILE_PATTERN.test(mobile)) return void Toast.show({ content: MSG_MOBILE_INVALID });
    if (draft.from && draft.to && draft.from > draft.to) return void Toast.show({ content: AuditMsg.range });
    setFilter({ ...draft, mobile });
  };
  const exportAll = () =>
    postDownload('/v1/manage/auditLog?export=1', { token: currentToken() ?? '', poiId, mobile: filter.mobile, from: filter.from, to: filter.to });

  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];
  let body: ReactNode;
  if (!poiId) body = <MissingCommunity />;
  else if (log.error) body = <LoadFailure error={log.error} onRetry={() => void log.refetch()} />;
  else if (!log.data) body = <p className="mg-loading" role="status">正在加载…</p>;
  else if (entries.length === 0) body = <div className="mg-card"><EmptyState title="没有符合条件的记录" /></div>;
  else {
    body = (
      <>
        <ul className="mg-list" aria-label="操作记录">
          {entries.map((e) => (
            <li key={e._id} className="mg-row al-row">
              <span className="mg-row-head">
                <span className="mg-row-name">{e.action}</span>
                {e.whole && <span className="mg-tag mg-tag-orange">含完整号码</span>}
              </span>
              <span className="al-line">操作人：{e.actor}</span>
              {e.subject && <span className="al-line">涉及：{e.subject}</span>}
              <span className="mg-row-meta">
                {beijingDateTime(new Date(e.at * 1000))}
                {e.rows !== null && e.rows > 1 && ` · ${e.rows}条`}
              </span>
            </li>
          ))}
        </ul>
        {log.hasNextPage && (
          <Button className="al-more" block fill="none" loading={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
            加载更多
          </Button>
        )}
      </>
    );
  }

  return (
    <main className="mg-screen">
      <ManageHeader
        title="操作日志"
        subtitle={community.data?.community}
        fallback={centreOf(poiId)}
        right={
          poiId && !log.error ? (
            <button type="button" className="mg-header-action" onClick={exportAll}>
              <DownlandOutline aria-hidden="true" />
              <span>导出</span>
            </button>
          ) : null
        }
      />
      {poiId && !log.error && (
        <form
          className="mg-card al-filter"
          aria-label="筛选"
          onSubmit={(e) => {
            e.preventDefault();
            apply();
          }}
        >
          <label className="al-field">
            <span>人员手机号</span>
            <Input type="tel" inputMode="numeric" maxLength={11} placeholder="操作人或被查看人，可不填" clearable value={draft.mobile} onChange={(v) => setDraft((d) => ({ ...d, mobile: v.replace(/\D/g, '') }))} />
          </label>
          <div className="al-dates">
            <label className="al-field">
              <span>从</span>
              <input type="date" value={draft.from} onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))} />
            </label>
            <label className="al-field">
              <span>到</span>
              <input type="date" value={draft.to} onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))} />
            </label>
          </div>
          <Button type="submit" block color="primary" shape="rounded">
            查询
          </Button>
        </form>
      )}
      {body}
    </main>
  );
}
