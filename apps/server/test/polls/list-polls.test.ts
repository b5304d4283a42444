import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { api, DAY, HOUR, beijingIn, loginAs, newPoll } from './poll-helpers';

let t: TestApp;
let me: string;
let other: string;
beforeAll(async () => {
  t = await createTestApp();
  [me, other] = await Promise.all([loginAs(t, '13700000001'), loginAs(t, '13700000002')]);
});
afterAll(() => t.close());

describe('GET /v1/polls (/chiocelist)', () => {
  it('lists the polls I created or voted in, open ones first by nearest deadline, closed ones after', async () => {
    const closedSoon = await newPoll(t, me, { title: '很快截止', end_time: beijingIn(t, 2 * HOUR) });
    const mineLater = await newPoll(t, me, { title: '我发起的（5天）', end_time: beijingIn(t, 5 * DAY) });
    const mineSooner = await newPoll(t, me, { title: '我发起的（1天）', end_time: beijingIn(t, 1 * DAY) });
    const theirs = await newPoll(t, other, { title: '我参与的（3天）', end_time: beijingIn(t, 3 * DAY) });
    await newPoll(t, other, { title: '与我无关' });
    await api(t).post('/v1/polls/vote', { id: theirs.id, options: theirs.optionIds[0] }, me);
    t.clock.advance(3 * HOUR);

    const res = await api(t).get('/v1/polls', me);
    expect(res.statusCode).toBe(200);
    const polls = res.json().data.polls;
    expect(polls.map((p: { title: string }) => p.title)).toEqual(['我发起的（1天）', '我参与的（3天）', '我发起的（5天）', '很快截止']);
    expect(polls[1]).toMatchObject({ _id: theirs.id, isVote: '1', isAdmin: '0', voters: 1, expired: false, type: 0, owners: false, canVote: false });
    expect(polls[0]).toMatchObject({ _id: mineSooner.id, isVote: '0', isAdmin: '1', canVote: true });
    expect(polls[2]._id).toBe(mineLater.id);
    expect(polls[3]).toMatchObject({ _id: closedSoon.id, expired: true, canVote: false });

    expect((await api(t).get('/v1/polls?page=2', me)).json().data.polls).toEqual([]);
    expect((await api(t).get('/v1/polls?page=0', me)).json()).toEqual({ code: 400, message: '页码不正确', data: null });
  });

  it('needs a login', async () => {
    expect((await api(t).get('/v1/polls')).statusCode).toBe(423);
  });
});
