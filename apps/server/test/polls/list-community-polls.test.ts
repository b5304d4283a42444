import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_NOT_RESIDENT } from '../../src/modules/access/service';
import { polls } from '../../src/db/schema';
import { DEMO_OWNERS_VOTE_ID } from '../../src/seed/demo-owners';
import { DEMO_POLL_IDS } from '../../src/seed/demo-polls';
import { createTestApp, type TestApp } from '../support/test-app';
import { addUnit, memberOf, newCommunity, owners, ownersVote } from './owners-helpers';
import { api, DAY, loginAs, newPoll } from './poll-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t.close());

const list = (poiId: string, token?: string, page = 1) => api(t).get(`/v1/polls/community?poiId=${encodeURIComponent(poiId)}&page=${page}`, token);
type Item = { _id: string; title: string; owners: boolean; canVote: boolean; isVote: string; isAdmin: string; expired: boolean; voters: number };
const items = async (poiId: string, token: string): Promise<Item[]> => {
  const res = await list(poiId, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.polls;
};
const pollCount = async () => (await t.database.db.select({ n: count() }).from(polls))[0]!.n;

/** A community of its own whose residents are owners in its register. */
async function estate(n: number) {
  const c = await newCommunity(t);
  const people = await owners(t, n);
  for (const [i, p] of people.entries()) await addUnit(t, c.manager, c.poiId, { room: `${101 + i}`, area: 90, mobiles: [p.mobile] });
  return { ...c, people };
}

describe('GET /v1/polls/community (/vote)', () => {
  it('shows the demo resident the polls of 望京花园西区 and the owners’ vote they may vote in, open ones first by deadline', async () => {
    const resident = await loginAs(t, '13800000004');
    const got = await items('DEMO000001', resident);
    expect(got.map((p) => p._id)).toEqual([DEMO_POLL_IDS.weekendServices, DEMO_OWNERS_VOTE_ID, DEMO_POLL_IDS.playground, DEMO_POLL_IDS.dragonBoat]);
    expect(got[1]).toMatchObject({ owners: true, canVote: true, isVote: '0', voters: 6, expired: false });
    expect(got[0]).toMatchObject({ owners: false, canVote: true, isVote: '0', isAdmin: '0', voters: 5, type: 1 });
    expect(got[3]).toMatchObject({ expired: true, canVote: false });
    expect((await list('DEMO000001', resident, 2)).json().data.polls).toEqual([]);
  });

  it('lists a poll published to the community, not one shared by link only, and tells each resident what is theirs', async () => {
    const { poiId, people } = await estate(2);
    const [author, neighbour] = people as [(typeof people)[0], (typeof people)[0]];
    const published = await newPoll(t, author.token, { title: '楼下快递柜装在哪', poiId });
    await newPoll(t, author.token, { title: '只发给朋友的投票' });

    const seen = await items(poiId, neighbour.token);
    expect(seen.map((p) => p.title)).toEqual(['楼下快递柜装在哪']);
    expect(seen[0]).toMatchObject({ isAdmin: '0', isVote: '0', canVote: true, owners: false });
    expect((await api(t).post('/v1/polls/vote', { id: published.id, options: published.optionIds[0] }, neighbour.token)).statusCode).toBe(200);
    expect((await items(poiId, neighbour.token))[0]).toMatchObject({ isVote: '1', canVote: false, voters: 1 });
    expect((await items(poiId, author.token))[0]).toMatchObject({ isAdmin: '1', isVote: '0', canVote: true });
    // The detail names the community the poll was published to.
    expect((await api(t).get(`/v1/polls/${published.id}`)).json().data.poll.poiId).toBe(poiId);
  });

  it('lists an owners’ vote to its owners and the staff, not to residents whose home came after it', async () => {
    const { poiId, manager, people } = await estate(1);
    const owner = people[0]!;
    const vote = await ownersVote(t, manager, poiId);
    const [late] = await owners(t, 1);
    await addUnit(t, manager, poiId, { room: '999', area: 120, mobiles: [late!.mobile] });
    const duty = await memberOf(t, poiId, 2);

    expect(await items(poiId, late!.token)).toEqual([]);
    expect(await items(poiId, owner.token)).toMatchObject([{ _id: vote.id, owners: true, canVote: true, isVote: '0' }]);
    expect((await api(t).post('/v1/polls/vote', { id: vote.id, options: vote.agree }, owner.token)).statusCode).toBe(200);
    expect(await items(poiId, owner.token)).toMatchObject([{ _id: vote.id, canVote: false, isVote: '1', voters: 1 }]);
    expect(await items(poiId, duty)).toMatchObject([{ _id: vote.id, canVote: false, isVote: '0', isAdmin: '0' }]);
    expect(await items(poiId, manager)).toMatchObject([{ _id: vote.id, isAdmin: '1' }]);
  });

  it('refuses people of other communities, visitors and the logged out, and publishes nothing for them', async () => {
    const home = await estate(1);
    const away = await estate(1);
    const stranger = away.people[0]!;
    await newPoll(t, home.people[0]!.token, { title: '本小区内部投票', poiId: home.poiId });

    // A resident and the manager of another community.
    for (const token of [stranger.token, away.manager]) {
      expect((await list(home.poiId, token)).json()).toEqual({ code: 403, message: MSG_NOT_RESIDENT, data: null });
      const before = await pollCount();
      const created = await api(t).post('/v1/polls', { title: '越界投票', info: '', end_time: new Date(t.clock.now().getTime() + DAY).toISOString().slice(0, 10) + ' 20:00', options: [{ title: '是' }, { title: '否' }], type: 0, poiId: home.poiId }, token);
      expect(created.json()).toMatchObject({ code: 403, message: MSG_NOT_RESIDENT });
      expect(await pollCount()).toBe(before);
    }
    // The demo visitor holds a valid visitor's pass to 望京花园西区: a visitor, not a resident.
    expect((await list('DEMO000001', await loginAs(t, '13800000005'))).statusCode).toBe(403);
    // Someone who merely logged in.
    expect((await list(home.poiId, await loginAs(t, '13522220000'))).statusCode).toBe(403);
    expect((await list('NOPE000000', stranger.token)).json()).toMatchObject({ code: 404, message: '社区不存在' });
    expect((await list(home.poiId)).statusCode).toBe(423);
    expect((await list(home.poiId, stranger.token, 0)).json()).toMatchObject({ code: 400, message: '页码不正确' });
  });
});
