import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { beijingDateTime } from '@sq/contract/beijing-time';
import { listEntryLogsCall } from '@sq/contract/pass/list-entry-logs';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { communityQuery } from '../../../lib/community-queries';
import { useEntryLogs } from '../api/entry-logs';
import { useStaff } from '../api/staff';
import { ExportButton } from '../components/export-button';
import { centreOf, ManageHeader } from '../components/manage-header';
import { PagedList } from '../components/paged-list';
import { PrivacyNotice } from '../components/privacy-notice';
import { ownerTone } from '../components/record-row';
import { directionOf } from '../lib/entry-direction';
import '../components/manage-ui.css';
import './entry-logs-page.css';

/** 出入记录 (spec §2 /crrecords): every scan at the gate, newest first, in Beijing time. */
export function EntryLogsPage() {
  useDocumentTitle('出入记录');
  const [params] = useSearchParams();
  const poiId = params.get('poiId') ?? '';
  const logs = useEntryLogs(poiId);
  const staff = useStaff(poiId);
  const community = useQuery({ ...communityQuery(poiId), enabled: poiId !== '' });
  const rows = logs.data?.pages.flatMap((page) => page.logs);
  const failed = Boolean(logs.error && !logs.data);

  return (
    <main className="mg-screen">
      <ManageHeader
        title="出入记录"
        subtitle={community.data?.community}
        fallback={centreOf(poiId)}
        right={poiId && !failed ? <ExportButton listPath={listEntryLogsCall.path} request={{ poiId }} isAdmin={staff.data?.isAdmin} what="全部出入记录" /> : null}
      />
      {poiId && !failed && <PrivacyNotice />}
      <PagedList poiId={poiId} pages={logs} rows={rows} failed={failed} label="出入记录" empty={{ title: '暂无数据~', hint: '居民扫描进出门二维码后，记录会出现在这里' }}>
        {(log) => {
          const direction = directionOf(log.pass);
          return (
            <li key={log._id} className="mg-row el-row">
              <span className={`el-direction el-direction-${direction.tone}`}>{direction.label}</span>
              <div className="el-main">
                <div className="mg-row-head">
                  <span className="mg-row-name">{log.name}</span>
                  {log.owner && <span className={`mg-tag ${ownerTone(log.owner)}`}>{log.owner}</span>}
                  {log.plate && <span className="mg-tag el-plate">{log.plate}</span>}
                  {log.invited && <span className="mg-tag mg-tag-blue">受邀访客</span>}
                  {log.offline && <span className="mg-tag mg-tag-blue">离线核验</span>}
                  {log.conflict && (
                    <span className="mg-tag mg-tag-orange" title="同一通行证在同一方向、同一分钟内被使用了两次（多个门岗离线时，或截图）">
                      重复使用
                    </span>
                  )}
                </div>
                <div className="mg-row-meta">
                  <span className="mg-num">{log.mobile}</span>
                  <time className="mg-num" dateTime={new Date(log.created_at * 1000).toISOString()}>
                    {beijingDateTime(new Date(log.created_at * 1000))}
                  </time>
                </div>
              </div>
            </li>
          );
        }}
      </PagedList>
    </main>
  );
}
