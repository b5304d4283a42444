import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { api, DAY, loginAs, newPoll } from './poll-helpers';
import { addUnit, newCommunity, owners, ownersVote } from './owners-helpers';

let t: TestApp;
let creator: string;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  creator = await loginAs(t, '13800000001');
});
afterAll(() => t.close());

const vote = (id: string, options: string | string[], token: string) => api(t).post('/v1/polls/vote', { id, options }, token);
const detail = async (id: string, token?: string) => (await api(t).get(`/v1/polls/${id}`, token)).json().data;
const query = async <T>(text: string) => ((await t.database.db.execute(text)) as unknown as { rows: T[] }).rows;

describe('a secret ballot', () => {
  it('answers a receipt that shows the ballot was counted, keeps one vote per person, and tells nobody what the voter chose', async () => {
    const { id, optionIds } = await newPoll(t, creator, { secret: 1 });
    const voter = (await owners(t, 1))[0]!;
    const res = await vote(id, optionIds[1]!, voter.token);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.receipt).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    expect(data.poll.secret).toBe(true);
    expect(data.isVote).toBe('1');
    // No live results for a secret ballot (issue 37): nobody watches ballots arrive.
    expect(data.poll.resultsHidden).toBe(true);
    expect(data.poll.options.map((o: { votes: number; isVote: string }) => [o.votes, o.isVote])).toEqual([
      [0, '0'],
      [0, '0'],
      [0, '0'],
    ]);
    expect((await vote(id, optionIds[0]!, voter.token)).json()).toEqual({ code: 409, message: '你已投票', data: null });

    const check = (receipt: string) => api(t).post('/v1/polls/receipt', { id, receipt });
    expect((await check(data.receipt)).json().data).toEqual({ counted: true });
    // Typed in lower case without dashes, it is the same receipt.
    expect((await check(data.receipt.replaceAll('-', '').toLowerCase())).json().data).toEqual({ counted: true });
    expect((await check('ABCD-EFGH-JKLM')).json().data).toEqual({ counted: false });
    for (const bad of ['', '123', 'ABCD-EFGH-JKL0', 5]) expect((await check(bad as string)).json()).toEqual({ code: 400, message: '请输入正确的回执码', data: null });
    // The receipt of one poll says nothing in another.
    const other = await newPoll(t, creator, { secret: 1 });
    expect((await api(t).post('/v1/polls/receipt', { id: other.id, receipt: data.receipt })).json().data).toEqual({ counted: false });
  });

  it('counts exactly when many vote at once, one ballot each', async () => {
    const { id, optionIds } = await newPoll(t, creator, { secret: 1, type: 1 });
    const voters = await owners(t, 12);
    const answers = await Promise.all([...voters, ...voters.slice(0, 4)].map((v, i) => vote(id, i % 3 ? [optionIds[0]!, optionIds[2]!] : optionIds[1]!, v.token)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(12);
    t.clock.advance(8 * DAY);
    const d = await detail(id);
    t.clock.advance(-8 * DAY);
    expect(d.poll.voters).toBe(12);
    const ones = voters.filter((_, i) => i % 3 === 0).length;
    expect(d.poll.options.map((o: { votes: number }) => o.votes)).toEqual([12 - ones, ones, 12 - ones]);
  });

  it('stores nothing that links a ballot to its voter: no shared id, no time, no row version or order to line up', async () => {
    const { id, optionIds } = await newPoll(t, creator, { secret: 1 });
    const voters = await owners(t, 6);
    const receipts: string[] = [];
    for (const [i, v] of voters.entries()) receipts.push((await vote(id, optionIds[i % 3]!, v.token)).json().data.receipt);

    // The tables' columns: who voted, and the totals and receipts, share the poll and nothing else.
    const columns = async (table: string) => (await query<{ column_name: string }>(`select column_name from information_schema.columns where table_name = '${table}' order by 1`)).map((r) => r.column_name);
    expect(await columns('secret_voters')).toEqual(['poll_id', 'voter']);
    expect(await columns('secret_tallies')).toEqual(['area_centi', 'option_id', 'owners', 'poll_id', 'votes']);
    expect(await columns('secret_receipts')).toEqual(['poll_id', 'receipt_hash']);
    // A secret poll writes no open ballot.
    expect(await query(`select * from poll_ballots where poll_id = '${id}' union all select poll_id, user_id, null from poll_votes where poll_id = '${id}'`)).toEqual([]);

    // Every total and every receipt carries the last vote's transaction: none points at its own voter.
    const voterXmins = await query<{ x: string }>(`select xmin::text as x from secret_voters where poll_id = '${id}'`);
    const tallyXmins = new Set((await query<{ x: string }>(`select xmin::text as x from secret_tallies where poll_id = '${id}'`)).map((r) => r.x));
    const receiptXmins = new Set((await query<{ x: string }>(`select xmin::text as x from secret_receipts where poll_id = '${id}'`)).map((r) => r.x));
    expect(tallyXmins.size).toBe(1);
    expect(receiptXmins).toEqual(tallyXmins);
    expect(new Set(voterXmins.map((r) => r.x)).size).toBe(6);

    // Receipts lie in the order of their hashes, not in the order of voting.
    const stored = await query<{ h: string }>(`select receipt_hash as h from secret_receipts where poll_id = '${id}' order by ctid`);
    expect(stored.map((r) => r.h)).toEqual(stored.map((r) => r.h).sort());
    expect(stored).toHaveLength(receipts.length);
  });

  it('keeps results closed until the deadline when asked, then shows them', async () => {
    const { id, optionIds } = await newPoll(t, creator, { secret: 1, hideResults: 1 });
    const [a, b] = await owners(t, 2);
    const answer = (await vote(id, optionIds[0]!, a!.token)).json().data;
    await vote(id, optionIds[0]!, b!.token);
    expect(answer.poll.resultsHidden).toBe(true);
    expect(answer.poll.options.every((o: { votes: number }) => o.votes === 0)).toBe(true);
    const before = await detail(id, creator);
    expect(before.poll).toMatchObject({ resultsHidden: true, voters: 2 });
    expect(before.poll.options.map((o: { votes: number }) => o.votes)).toEqual([0, 0, 0]);
    const exported = await t.app.inject({ method: 'POST', url: `/v1/polls/${id}/export`, payload: { token: creator } });
    expect(exported.json()).toEqual({ code: 409, message: '结果将在投票截止后公布', data: null });
    t.clock.advance(8 * DAY);
    const after = await detail(id, creator);
    expect(after.poll.resultsHidden).toBe(false);
    expect(after.poll.options.map((o: { votes: number }) => o.votes)).toEqual([2, 0, 0]);
    t.clock.advance(-8 * DAY);
  });
});

describe('a secret owners’ vote', () => {
  it('counts units, area and owners without a per-unit list, and keeps one ballot per unit', async () => {
    const { poiId, manager } = await newCommunity(t);
    const [a, b, c] = await owners(t, 3);
    await addUnit(t, manager, poiId, { room: '101', area: '100', mobiles: [a!.mobile, b!.mobile] });
    await addUnit(t, manager, poiId, { room: '102', area: '50', mobiles: [a!.mobile] });
    await addUnit(t, manager, poiId, { room: '103', area: '150', mobiles: [c!.mobile] });
    const { id, agree, against } = await ownersVote(t, manager, poiId, { secret: 1, hideResults: 0 });
    const first = await vote(id, agree, a!.token);
    expect(first.json().data.receipt).toBeTruthy();
    // b shares 101 with a, whose ballot counted for it already.
    expect((await vote(id, against, b!.token)).json()).toEqual({ code: 409, message: '你名下的房屋已投票', data: null });
    await vote(id, against, c!.token);
    t.clock.advance(8 * DAY);
    const d = await detail(id, manager);
    t.clock.advance(-8 * DAY);
    expect(d.poll.owners.voted).toEqual({ units: 3, area: '300.00', owners: 3 });
    expect(d.poll.owners.options.map((o: { units: number; area: string; owners: number }) => [o.units, o.area, o.owners])).toEqual([
      [2, '150.00', 2],
      [1, '150.00', 1],
      [0, '0.00', 0],
    ]);
    expect(d.poll.owners.listed).toBe(false);
    expect((await api(t).get(`/v1/polls/${id}/units`, manager)).json()).toEqual({ code: 403, message: '无记名投票不公开每户的选择', data: null });
    expect((await detail(id, a!.token)).myUnits).toEqual([
      { label: '1栋1单元101', voted: true },
      { label: '1栋1单元102', voted: true },
    ]);
  });
});
