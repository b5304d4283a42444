import { useState } from 'react';
import SearchBar from 'antd-mobile/es/components/search-bar';
import Tabs from 'antd-mobile/es/components/tabs';
import Toast from 'antd-mobile/es/components/toast';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { listRegistrationsCall, MSG_KEYWORD_REQUIRED } from '@sq/contract/pass/list-registrations';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { communityQuery } from '../../../lib/community-queries';
import { useRegistrations } from '../api/registrations';
import { useStaff } from '../api/staff';
import { ExportButton } from '../components/export-button';
import { centreOf, ManageHeader } from '../components/manage-header';
import { PagedList } from '../components/paged-list';
import { PrivacyNotice } from '../components/privacy-notice';
import { RecordRow } from '../components/record-row';
import { RECORD_TABS, recordTab, tabTitle } from '../lib/record-tabs';
import '../components/manage-ui.css';
import './records-page.css';

/**
 * 登记记录 (spec §2 /records): registrations by status with their counts, a search by name,
 * mobile or ID number, 20 at a time on scroll, and the export of what is shown. The tab and the
 * search live in the address, so coming back from a record lands on the same list.
 */
export function RecordsPage() {
  useDocumentTitle('登记记录');
  const [params, setParams] = useSearchParams();
  const poiId = params.get('poiId') ?? '';
  const tab = recordTab(params.get('tab'));
  const keyword = params.get('keyword') ?? '';
  const [draft, setDraft] = useState(keyword);

  const list = useRegistrations(poiId, tab.status, keyword);
  const staff = useStaff(poiId);
  const community = useQuery({ ...communityQuery(poiId), enabled: poiId !== '' });

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  const search = (value: string) => {
    const wanted = value.trim();
    if (!wanted) {
      Toast.show({ content: MSG_KEYWORD_REQUIRED });
      return;
    }
    update({ keyword: wanted });
  };

  const counts = list.data?.pages[0];
  const rows = list.isPlaceholderData ? undefined : list.data?.pages.flatMap((page) => page.userCards);
  const failed = Boolean(list.error && !list.data);

  return (
    <main className="mg-screen">
      <ManageHeader
        title="登记记录"
        subtitle={community.data?.community}
        fallback={centreOf(poiId)}
        right={
          poiId && !failed ? (
            <ExportButton
              listPath={listRegistrationsCall.path}
              request={{ poiId, status: tab.status, keyword }}
              isAdmin={staff.data?.isAdmin}
              what={`${keyword ? '搜索到的' : ''}「${tab.title}」登记`}
            />
          ) : null
        }
      />
      {poiId && !failed && (
        <div className="rr-toolbar">
          <div className="rr-search">
            <SearchBar
              placeholder="搜索姓名、手机号或身份证号"
              value={draft}
              onChange={setDraft}
              onSearch={search}
              onClear={() => update({ keyword: null })}
            />
            <button type="button" className="rr-search-button" onClick={() => search(draft)}>
              搜索
            </button>
          </div>
          <Tabs activeKey={tab.key} onChange={(key) => update({ tab: key === RECORD_TABS[0].key ? null : key })}>
            {RECORD_TABS.map((t) => (
              <Tabs.Tab key={t.key} title={tabTitle(t.title, counts?.[t.count])} />
            ))}
          </Tabs>
        </div>
      )}
      {poiId && !failed && <PrivacyNotice />}
      <PagedList
        poiId={poiId}
        pages={list}
        rows={rows}
        failed={failed}
        label={`${tab.title}的登记`}
        empty={{ title: keyword ? '没有找到相关记录' : '暂无数据~', hint: keyword && '换个关键字试试' }}
      >
        {(card) => <RecordRow key={card._id} poiId={poiId} card={card} />}
      </PagedList>
    </main>
  );
}
