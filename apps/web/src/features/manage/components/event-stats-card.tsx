import { Link } from 'react-router';
import { EVENT_KIND_NAMES } from '@sq/contract/events/event-rules';
import { WebRoute } from '@sq/contract/routes';
import { useEventStats } from '../api/event-stats';
import { shortDate } from '../lib/waited';

/** Beijing date (YYYY-MM-DD) of a Unix time, for shortDate (MM-DD). */
const dateOf = (seconds: number) => new Date((seconds + 8 * 3600) * 1000).toISOString().slice(0, 10);

/** 统计概览 → 社区活动 (issue 34 item 6): events, sign-ups and attendance per kind and per event, last 90 days. */
export function EventStatsCard({ poiId }: { poiId: string }) {
  const stats = useEventStats(poiId);
  // The card is an addition to the dashboard: when it cannot load, the rest of the page still stands.
  if (stats.isError) return null;
  const data = stats.data;
  const kinds = data?.kinds.filter((k) => k.events > 0) ?? [];
  return (
    <section className="mg-card" aria-labelledby="db-events" aria-busy={!data}>
      <h2 id="db-events" className="mg-card-title">
        社区活动（近90天）
      </h2>
      {!data ? (
        <p className="db-note">正在统计…</p>
      ) : kinds.length === 0 ? (
        <p className="db-note">近90天没有活动</p>
      ) : (
        <>
          <table className="db-table">
            <caption className="sq-visually-hidden">按活动类型</caption>
            <thead>
              <tr>
                <th scope="col">类型</th>
                <th scope="col">场次</th>
                <th scope="col">报名</th>
                <th scope="col">签到</th>
              </tr>
            </thead>
            <tbody>
              {kinds.map((k) => (
                <tr key={k.kind}>
                  <th scope="row">{EVENT_KIND_NAMES[k.kind]}</th>
                  <td>{k.events}</td>
                  <td>{k.signedUp}</td>
                  <td>{k.attended}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <ol className="db-waiting">
            {data.events.map((e) => (
              <li key={e.id}>
                <Link className="db-wait-row" to={`${WebRoute.eventManage}?id=${encodeURIComponent(e.id)}`}>
                  <span className="db-wait-name">
                    {e.title}
                    <small>
                      {EVENT_KIND_NAMES[e.kind]} · {shortDate(dateOf(e.startsAt))}
                    </small>
                  </span>
                  <span className="db-wait-time">
                    报名 {e.confirmed}/{e.capacity}
                    {e.waiting > 0 ? ` 候补 ${e.waiting}` : ''} 签到 {e.attended}
                  </span>
                </Link>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
