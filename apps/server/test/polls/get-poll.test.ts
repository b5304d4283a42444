import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FOLLOW_QR, DEMO_POLL_IDS } from '../../src/seed/demo-polls';
import { createTestApp, type TestApp } from '../support/test-app';
import { api, loginAs, newPoll } from './poll-helpers';

let t: TestApp;
let creator: string;
let voter: string;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  [creator, voter] = await Promise.all([loginAs(t, '13800000002'), loginAs(t, '13800000003')]);
});
afterAll(() => t.close());

describe('GET /v1/polls/{id}', () => {
  it('shows a poll to someone not logged in, with nothing chosen and no admin rights', async () => {
    const { id } = await newPoll(t, creator);
    const res = await api(t).get(`/v1/polls/${id}`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(Object.keys(data).sort()).toEqual(['canExport', 'concern', 'isAdmin', 'isVote', 'myUnits', 'poll']);
    expect(data).toMatchObject({ isVote: '0', isAdmin: '0', concern: '0' });
    // Exactly the contract's fields: no creator id or other internals leak.
    expect(Object.keys(data.poll).sort()).toEqual(['_id', 'concernQr', 'end_time', 'expired', 'info', 'options', 'owners', 'poiId', 'resultsHidden', 'secret', 'title', 'type', 'voters']);
    expect(data.poll).toMatchObject({ owners: null, poiId: null, secret: false, resultsHidden: false });
    expect(Object.keys(data.poll.options[0]).sort()).toEqual(['isVote', 'option_id', 'title', 'votes']);
    expect(data.poll.options.every((o: { isVote: string }) => o.isVote === '0')).toBe(true);
  });

  it('marks the creator as admin and nobody else', async () => {
    const { id } = await newPoll(t, creator);
    expect((await api(t).get(`/v1/polls/${id}`, creator)).json().data.isAdmin).toBe('1');
    expect((await api(t).get(`/v1/polls/${id}`, voter)).json().data.isAdmin).toBe('0');
  });

  it('treats a stale token as an anonymous viewer rather than refusing to show the poll', async () => {
    const { id } = await newPoll(t, creator);
    const res = await api(t).get(`/v1/polls/${id}`, 'not-a-real-token');
    expect(res.json()).toMatchObject({ code: 200, data: { isVote: '0', isAdmin: '0' } });
  });

  it('answers 404 投票不存在 for an unknown or malformed id, never a 500', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'abc', "1'%20or%20'1'='1", 'd0000000-0000-4000-8000-00000000000g']) {
      const res = await api(t).get(`/v1/polls/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 404, message: '投票不存在', data: null });
    }
  });

  it('asks voters to follow the public account when the poll has one (concern 1), with its QR image', async () => {
    const withFollow = (await api(t).get(`/v1/polls/${DEMO_POLL_IDS.weekendServices}`)).json().data;
    expect(withFollow.concern).toBe('1');
    expect(withFollow.poll.concernQr).toBe(DEMO_FOLLOW_QR);
    const without = (await api(t).get(`/v1/polls/${DEMO_POLL_IDS.playground}`)).json().data;
    expect(without.concern).toBe('0');
    expect(without.poll.concernQr).toBeNull();
  });

  it('shows the seeded closed poll as expired with its votes', async () => {
    const data = (await api(t).get(`/v1/polls/${DEMO_POLL_IDS.dragonBoat}`)).json().data;
    expect(data.poll.expired).toBe(true);
    expect(data.poll.end_time * 1000).toBeLessThan(Date.now());
    expect(data.poll.voters).toBe(6);
    expect(data.poll.options.map((o: { votes: number }) => o.votes)).toEqual([4, 2, 3]);
  });
});
