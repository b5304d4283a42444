import { sql } from 'drizzle-orm';
import { EVENT_PAGE_SIZE } from '@sq/contract/events/event-rules';
import { rowsOf } from '@sq/server/db/client';
import { createListRepo } from '@sq/server/modules/events/list-repo';
import { deployedHttpBench } from './support/deployed-bench';
import { loginAt } from './support/deployed';
import type { BenchReport } from './report';

const BIG = 'DEMO000001';
const EVENTS = 5_000;

/**
 * 社区活动's list (issue 34: the event list of a community with 5,000 events, p99 ≤ 50 ms at 100
 * connections, as deployed): GET /v1/events (the first page of the upcoming list) as the demo
 * resident – session, reader check, 20 cards with covers' URLs and the resident's own sign-ups.
 * A fifth of the events are still to come, spread over the next year; the rest ended over the past
 * four years. The plan of the list's query is read with EXPLAIN on the same data.
 *
 * The sign-up rush (1,000 residents for 100 places within 10 s) is `runSignupRush` in
 * bench/activities-rush.ts, which `npm run bench -- activities` runs after this phase.
 */
export async function activitiesBench(seconds: number): Promise<BenchReport> {
  let plan = '';
  const report = await deployedHttpBench({
    name: `社区活动 list, first page, ${EVENTS.toLocaleString('en-US')} events in the community`,
    label: 'GET /v1/events',
    seconds,
    goal: 'target p99 ≤ 50 ms at 100 connections',
    async prepare(store) {
      const db = store.database.db;
      await db.execute(sql`
        insert into events (poi_id, kind, title, description, place, starts_at, ends_at, signup_opens_at, signup_closes_at, cancel_until,
          capacity, audience, status, by_staff, ticket_key, search_terms, cover, confirmed_seats)
        select ${BIG}, (array['culture','family','volunteer','health','lecture','festival','other'])[1 + g % 7],
          '社区活动第' || g || '场', '书法、绘画、健康讲座，欢迎邻居们参加。', '社区活动室',
          s, s + interval '2 hours', s - interval '14 days', s, s - interval '2 hours',
          30, 'residents', 'published', true, decode(md5(g::text) || md5((-g)::text), 'hex'), array['社区', '活动'],
          case when g % 2 = 0 then jsonb_build_object('hash', rtrim(translate(encode(sha256(g::text::bytea), 'base64'), '+/', '-_'), '='), 'width', 1600, 'height', 1200) end,
          g % 30
        from generate_series(1, ${EVENTS}) g,
          lateral (select case when g % 5 = 0 then now() + make_interval(mins => g * 20) else now() - make_interval(hours => g * 7) end as s) t`);
      await db.execute(sql`VACUUM (ANALYZE) events`);
      const query = createListRepo(db).upcoming({ poiId: BIG, now: new Date(), cursor: null, limit: EVENT_PAGE_SIZE + 1 });
      const lines = rowsOf<{ 'QUERY PLAN': string }>(await db.execute(sql`explain (analyze, costs off) ${query}`));
      plan = lines.map((l) => l['QUERY PLAN']).join('\n');
    },
    async target(app) {
      const token = await loginAt(app.origin, '13800000004');
      return { url: `${app.origin}/v1/events?poiId=${BIG}`, method: 'GET', headers: { token } };
    },
  });
  const execution = /Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? '?';
  return {
    ...report,
    notes: `${report.notes}\n    EXPLAIN of the upcoming list's query: ${plan.includes('events_starts_idx') ? 'walks events_starts_idx' : 'DOES NOT use events_starts_idx'}, ${execution} ms\n${plan.replace(/^/gm, '      ')}`,
  };
}
