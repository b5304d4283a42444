import { beijingDateTime } from '@sq/contract/beijing-time';
import type { TestApp } from '../support/test-app';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

let ip = 0;
/** Logs in from its own address, so a file's many logins never meet the per-address SMS limit. */
export const loginAs = (t: TestApp, mobile: string) => t.login(mobile, `10.9.${Math.floor(ip / 200)}.${(ip++ % 200) + 1}`);

/** A Beijing `YYYY-MM-DD HH:mm` this far from the test clock's now. */
export const beijingIn = (t: TestApp, ms: number) => beijingDateTime(new Date(t.clock.now().getTime() + ms));

export function pollBody(t: TestApp, over: Record<string, unknown> = {}) {
  return {
    title: '周末社区活动投票',
    info: '请选择您想参加的活动',
    end_time: beijingIn(t, 7 * DAY),
    options: [{ title: '包饺子' }, { title: '看电影' }, { title: '爬香山' }],
    type: 0,
    ...over,
  };
}

export function api(t: TestApp) {
  return {
    post: (url: string, payload: object, token?: string) =>
      t.app.inject({ method: 'POST', url, payload: token ? { ...payload, token } : payload }),
    get: (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? { token } : {} }),
  };
}

/** Creates a poll through the API and returns its id and option ids in order. */
export async function newPoll(t: TestApp, token: string, over: Record<string, unknown> = {}) {
  const created = await api(t).post('/v1/polls', pollBody(t, over), token);
  if (created.statusCode !== 200) throw new Error(`create failed: ${created.body}`);
  const id = created.json().data.poll._id as string;
  const detail = (await api(t).get(`/v1/polls/${id}`, token)).json().data;
  return { id, optionIds: detail.poll.options.map((o: { option_id: string }) => o.option_id) as string[] };
}

/** Row counts of the poll tables: proof that a refused request wrote nothing. */
export async function pollRowCounts(t: TestApp) {
  const rows = (await t.database.db.execute(
    'select (select count(*) from polls) as polls, (select count(*) from poll_options) as options, (select count(*) from poll_ballots) as ballots, (select count(*) from poll_votes) as votes',
  )) as unknown as { rows: Record<string, string | number>[] };
  const r = rows.rows[0]!;
  return { polls: Number(r.polls), options: Number(r.options), ballots: Number(r.ballots), votes: Number(r.votes) };
}
