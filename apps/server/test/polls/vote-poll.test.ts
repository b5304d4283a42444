import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_POLL_IDS } from '../../src/seed/demo-polls';
import { createTestApp, type TestApp } from '../support/test-app';
import { api, beijingIn, HOUR, loginAs, newPoll, pollRowCounts } from './poll-helpers';

let t: TestApp;
let creator: string;
let a: string;
let b: string;
let c: string;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  [creator, a, b, c] = (await Promise.all(['13800000001', '13800000002', '13800000003', '13800000004'].map((m) => loginAs(t, m)))) as [string, string, string, string];
});
afterAll(() => t.close());

const vote = (payload: object, token?: string) => api(t).post('/v1/polls/vote', payload, token);
const detail = async (id: string, token?: string) => (await api(t).get(`/v1/polls/${id}`, token)).json().data;

describe('POST /v1/polls/vote', () => {
  it('records a single-choice vote given as one id and answers the poll as it now stands', async () => {
    const { id, optionIds } = await newPoll(t, creator);
    const res = await vote({ id, tid: 'topic-7', options: optionIds[1] }, a);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.isVote).toBe('1');
    expect(data.poll.voters).toBe(1);
    expect(data.poll.options.map((o: { votes: number; isVote: string }) => [o.votes, o.isVote])).toEqual([
      [0, '0'],
      [1, '1'],
      [0, '0'],
    ]);
    // The next load shows the same to the voter, and nothing chosen to someone else.
    expect((await detail(id, a)).poll.options[1].isVote).toBe('1');
    expect((await detail(id, b)).isVote).toBe('0');
  });

  it('counts three voters per option', async () => {
    const { id, optionIds } = await newPoll(t, creator);
    await vote({ id, options: optionIds[0] }, a);
    await vote({ id, options: [optionIds[0]] }, b);
    await vote({ id, options: optionIds[2] }, c);
    const data = await detail(id, creator);
    expect(data.poll.options.map((o: { votes: number }) => o.votes)).toEqual([2, 0, 1]);
    expect(data.poll.voters).toBe(3);
    expect(data.isVote).toBe('0');
    expect(data.isAdmin).toBe('1');
  });

  it('records every choice of a multiple-choice vote once, duplicates included once', async () => {
    const { id, optionIds } = await newPoll(t, creator, { type: 1 });
    const res = await vote({ id, options: [optionIds[0], optionIds[2], optionIds[2]] }, a);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.poll.options.map((o: { votes: number }) => o.votes)).toEqual([1, 0, 1]);
    expect(res.json().data.poll.voters).toBe(1);
    // One id on its own is a ballot with one choice.
    expect((await vote({ id, options: optionIds[1] }, b)).statusCode).toBe(200);
  });

  it('refuses two choices on a single-choice poll and writes nothing', async () => {
    const { id, optionIds } = await newPoll(t, creator);
    const before = await pollRowCounts(t);
    const res = await vote({ id, options: [optionIds[0], optionIds[1]] }, a);
    expect(res.json()).toEqual({ code: 400, message: '单选投票只能选择一项', data: null });
    expect(await pollRowCounts(t)).toEqual(before);
  });

  it('refuses an empty choice with 请选择投票选项', async () => {
    const { id } = await newPoll(t, creator, { type: 1 });
    for (const options of [[], '', '  ', undefined, 5, [3]]) {
      const res = await vote({ id, options }, a);
      expect(res.json()).toEqual({ code: 400, message: '请选择投票选项', data: null });
    }
    expect((await detail(id)).poll.voters).toBe(0);
  });

  it('refuses options of another poll, or no option at all, and writes nothing', async () => {
    const { id } = await newPoll(t, creator, { type: 1 });
    const other = await newPoll(t, creator, { type: 1 });
    const before = await pollRowCounts(t);
    for (const options of [[other.optionIds[0]], ['not-a-uuid'], ['00000000-0000-4000-8000-000000000000']]) {
      expect((await vote({ id, options }, a)).json()).toEqual({ code: 400, message: '选项不存在', data: null });
    }
    expect(await pollRowCounts(t)).toEqual(before);
  });

  it('answers 404 for an unknown poll', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      expect((await vote({ id, options: 'x' }, a)).json()).toEqual({ code: 404, message: '投票不存在', data: null });
    }
    expect((await vote({ options: 'x' }, a)).json().message).toBe('投票不存在');
  });

  it('lets a person vote once: the second ballot is refused and the first stands', async () => {
    const { id, optionIds } = await newPoll(t, creator);
    await vote({ id, options: optionIds[0] }, a);
    const again = await vote({ id, options: optionIds[1] }, a);
    expect(again.json()).toEqual({ code: 409, message: '你已投票', data: null });
    expect((await detail(id, a)).poll.options.map((o: { votes: number; isVote: string }) => [o.votes, o.isVote])).toEqual([
      [1, '1'],
      [0, '0'],
      [0, '0'],
    ]);
  });

  it('counts 50 identical votes sent at once as one', async () => {
    const { id, optionIds } = await newPoll(t, creator);
    const answers = await Promise.all(Array.from({ length: 50 }, () => vote({ id, options: optionIds[0] }, b)));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((s) => s === 200)).toHaveLength(1);
    expect(codes.filter((s) => s === 409)).toHaveLength(49);
    const data = await detail(id, b);
    expect(data.poll.voters).toBe(1);
    expect(data.poll.options[0].votes).toBe(1);
  });

  it('counts 50 concurrent multiple-choice ballots of one person, with different choices, as one ballot', async () => {
    const { id, optionIds } = await newPoll(t, creator, { type: 1 });
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => vote({ id, options: i % 2 ? optionIds : [optionIds[1]] }, c)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    const data = await detail(id, c);
    expect(data.poll.voters).toBe(1);
    const total = data.poll.options.reduce((n: number, o: { votes: number }) => n + o.votes, 0);
    expect([1, 3]).toContain(total);
  });

  it('refuses votes from the deadline on', async () => {
    const { id, optionIds } = await newPoll(t, creator, { end_time: beijingIn(t, 2 * HOUR) });
    const end = (await detail(id)).poll.end_time * 1000;
    t.clock.advance(end - t.clock.now().getTime());
    const res = await vote({ id, options: optionIds[0] }, a);
    expect(res.json()).toEqual({ code: 409, message: '投票已过期', data: null });
    expect((await detail(id)).poll).toMatchObject({ expired: true, voters: 0 });
  });

  it('refuses a vote on the seeded closed poll', async () => {
    const { poll } = await detail(DEMO_POLL_IDS.dragonBoat);
    const res = await vote({ id: DEMO_POLL_IDS.dragonBoat, options: [poll.options[0].option_id] }, c);
    expect(res.json().message).toBe('投票已过期');
  });

  it('sends an anonymous voter to log in (423) and a dead session too (424), recording nothing', async () => {
    const { id, optionIds } = await newPoll(t, creator);
    const before = await pollRowCounts(t);
    expect((await vote({ id, options: optionIds[0] })).json()).toMatchObject({ code: 423, data: null });
    const dead = await loginAs(t, '13800000005');
    await api(t).post('/v1/auth/logout', {}, dead);
    expect((await vote({ id, options: optionIds[0] }, dead)).json()).toMatchObject({ code: 424, data: null });
    expect(await pollRowCounts(t)).toEqual(before);
  });
});
