import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { beijingDate, beijingDateTime } from '@sq/contract/beijing-time';
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
import { daysProblem, daysText, PRESET_LABEL, presetDays, presetOf, type LogDayPreset, type LogDays } from '../lib/log-days';
import '../components/manage-ui.css';
import './entry-logs-page.css';

/** 出入记录 (spec §2 /crrecords): every scan at the gate, newest first, in Beijing time. */
export function EntryLogsPage() {
  useDocumentTitle('出入记录');
  const [params, setParams] = useSearchParams();
  const poiId = params.get('poiId') ?? '';
  const today = beijingDate(new Date());
  const days: LogDays = { from: params.get('from') ?? '', to: params.get('to') ?? '' };
  const problem = daysProblem(days);
  const logs = useEntryLogs(poiId, days, problem === null);
  // 自选日期 opens the two day fields even before a day is chosen.
  const [custom, setCustom] = useState(false);
  const preset = custom ? 'custom' : presetOf(days, today);
  const setDays = (next: LogDays) =>
    setParams(
      (p) => {
        for (const key of ['from', 'to'] as const) {
          if (next[key]) p.set(key, next[key]);
          else p.delete(key);
        }
        return p;
      },
      { replace: true },
    );
  const choose = (p: LogDayPreset) => {
    setCustom(p === 'custom');
    if (p !== 'custom') setDays(presetDays(p, today));
  };
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
        right={poiId && !failed ? <ExportButton listPath={listEntryLogsCall.path} request={{ poiId, ...days }} isAdmin={staff.data?.isAdmin} what={daysText(days)} /> : null}
      />
      {poiId && !failed && (
        <section className="el-filter" aria-label="按日期筛选">
          <div className="el-presets" role="group" aria-label="日期">
            {(Object.keys(PRESET_LABEL) as LogDayPreset[]).map((p) => (
              <button key={p} type="button" className={`el-preset${preset === p ? ' el-preset-on' : ''}`} aria-pressed={preset === p} onClick={() => choose(p)}>
                {PRESET_LABEL[p]}
              </button>
            ))}
          </div>
          {preset === 'custom' && (
            <div className="el-range">
              <label>
                <span>开始日期</span>
                <input type="date" value={days.from} max={today} onChange={(e) => setDays({ ...days, from: e.target.value })} />
              </label>
              <span aria-hidden="true">至</span>
              <label>
                <span>结束日期</span>
                <input type="date" value={days.to} max={today} onChange={(e) => setDays({ ...days, to: e.target.value })} />
              </label>
            </div>
          )}
          {problem && (
            <p className="el-problem" role="alert">
              {problem}
            </p>
          )}
        </section>
      )}
      {poiId && !failed && <PrivacyNotice />}
      {/* Days the server would refuse: the message above says so, no list loads. */}
      {!problem && (
      <PagedList poiId={poiId} pages={logs} rows={rows} failed={failed} label="出入记录" empty={days.from || days.to ? { title: '这段时间没有出入记录', hint: '换个日期试试' } : { title: '暂无数据~', hint: '居民扫描进出门二维码后，记录会出现在这里' }}>
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
      )}
    </main>
  );
}
