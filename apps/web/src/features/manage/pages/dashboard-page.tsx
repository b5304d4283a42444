import { useMemo, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { WebRoute } from '@sq/contract/routes';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDashboard } from '../api/dashboard';
import { LoadFailure } from '../components/load-failure';
import { ManageHeader } from '../components/manage-header';
import { EventStatsCard } from '../components/event-stats-card';
import { TrafficChart } from '../components/traffic-chart';
import { shortDate, waitedFor } from '../lib/waited';
import '../components/manage-ui.css';
import './dashboard-page.css';

type Range = 7 | 30;

/**
 * 统计概览: what happens at a community's gates today and lately, and which reviews wait. Opened
 * with poiId from the management centre; without it (from 小区列表) an administrator sees all of
 * their communities added up.
 */
export function DashboardPage() {
  useDocumentTitle('统计概览');
  const [params] = useSearchParams();
  const poiId = params.get('poiId') ?? '';
  const board = useDashboard(poiId);
  const [range, setRange] = useState<Range>(7);
  const data = board.data;

  const hours = useMemo(() => data?.hours ?? [], [data]);
  const days = useMemo(() => (data?.days ?? []).slice(-range), [data, range]);
  const hourLabels = useMemo(() => hours.map((h) => `${h.hour}时`), [hours]);
  const hourEntries = useMemo(() => hours.map((h) => h.entries), [hours]);
  const hourExits = useMemo(() => hours.map((h) => h.exits), [hours]);
  const dayLabels = useMemo(() => days.map((d) => shortDate(d.date)), [days]);
  const dayEntries = useMemo(() => days.map((d) => d.entries), [days]);
  const dayExits = useMemo(() => days.map((d) => d.exits), [days]);

  const subtitle = !data ? '\u00a0' : poiId ? data.communities[0]?.community : `全部 ${data.communities.length} 个小区`;
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const records = (tab: string) => `${WebRoute.records}?poiId=${encodeURIComponent(poiId)}&tab=${tab}`;

  let body: ReactNode;
  if (board.error) body = <LoadFailure error={board.error} onRetry={() => void board.refetch()} />;
  else if (!data) body = <section className="mg-card db-loading" aria-busy="true">正在统计…</section>;
  else {
    const now = new Date();
    const statuses = [
      { key: 'pending', label: '待审核', n: data.registrations.pending, tone: 'db-pending' },
      { key: 'approved', label: '已通过', n: data.registrations.approved, tone: 'db-approved' },
      { key: 'returned', label: '已退回', n: data.registrations.returned, tone: 'db-returned' },
    ];
    body = (
      <>
        <section className="mg-card" aria-labelledby="db-today">
          <h2 id="db-today" className="mg-card-title">今日出入（{shortDate(data.today)}）</h2>
          <div className="db-totals">
            <p className="db-total db-in">
              <span className="db-total-n">{sum(hourEntries)}</span>
              <span>人次进入</span>
            </p>
            <p className="db-total db-out">
              <span className="db-total-n">{sum(hourExits)}</span>
              <span>人次离开</span>
            </p>
          </div>
          <TrafficChart label={`今日按小时：进入${sum(hourEntries)}人次，离开${sum(hourExits)}人次`} labels={hourLabels} entries={hourEntries} exits={hourExits} />
        </section>

        <section className="mg-card" aria-labelledby="db-days">
          <div className="db-card-head">
            <h2 id="db-days" className="mg-card-title">每日出入</h2>
            <div className="db-range" role="group" aria-label="时间范围">
              {([7, 30] as const).map((r) => (
                <button key={r} type="button" className="db-range-btn" aria-pressed={range === r} onClick={() => setRange(r)}>
                  近{r}天
                </button>
              ))}
            </div>
          </div>
          <p className="db-note">
            近{range}天共进入 {sum(dayEntries)} 人次，离开 {sum(dayExits)} 人次
          </p>
          <TrafficChart label={`近${range}天每日出入`} labels={dayLabels} entries={dayEntries} exits={dayExits} />
        </section>

        <section className="mg-card" aria-labelledby="db-regs">
          <h2 id="db-regs" className="mg-card-title">登记情况</h2>
          <div className="db-statuses">
            {statuses.map((s) =>
              poiId ? (
                <Link key={s.key} className={`db-status ${s.tone}`} to={records(s.key)}>
                  <span className="db-status-n">{s.n}</span>
                  <span>{s.label}</span>
                </Link>
              ) : (
                <p key={s.key} className={`db-status ${s.tone}`}>
                  <span className="db-status-n">{s.n}</span>
                  <span>{s.label}</span>
                </p>
              ),
            )}
          </div>
        </section>

        <section className="mg-card" aria-labelledby="db-waiting">
          <h2 id="db-waiting" className="mg-card-title">等待最久的审核</h2>
          {data.waiting.length === 0 ? (
            <p className="db-note">没有等待审核的登记</p>
          ) : (
            <ol className="db-waiting">
              {data.waiting.map((w) => (
                <li key={w._id}>
                  <Link className="db-wait-row" to={`${WebRoute.registrationDetail}?poiId=${encodeURIComponent(w.poiId)}&id=${encodeURIComponent(w._id)}`}>
                    <span className="db-wait-name">
                      {w.name}
                      <small>
                        {w.owner}
                        {poiId ? '' : ` · ${w.community}`}
                      </small>
                    </span>
                    <span className="db-wait-time">已等 {waitedFor(w.since, now)}</span>
                  </Link>
                </li>
              ))}
            </ol>
          )}
        </section>
        {poiId && <EventStatsCard poiId={poiId} />}
      </>
    );
  }

  return (
    <main className="mg-screen">
      <ManageHeader title="统计概览" subtitle={subtitle} fallback={poiId ? `${WebRoute.manageCentre}?poiId=${encodeURIComponent(poiId)}` : WebRoute.managedCommunities} overlap />
      {body}
    </main>
  );
}
