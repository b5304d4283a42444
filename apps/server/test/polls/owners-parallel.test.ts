import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Msg } from '@sq/contract/messages';
import { communityAdmins, users } from '../../src/db/schema';
import { smallPhoto } from '../images/image-helpers';
import { freshMobile } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { addUnit, newCommunity, owners, ownersVote } from './owners-helpers';
import { api, loginAs } from './poll-helpers';

/**
 * 50 parallel requests against the limits of owners' votes (issue 37): whatever arrives together,
 * a home has one ballot, an owner at most 5 objections, an objection one answer, the 业主委员会 at
 * most 15 members and a vote at most 5 计票人 and 5 监票人. A 503 "busy" that wrote nothing may
 * stand beside the refusals (as for group buys).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t.close());

const N = 50;
const rows = async <T>(q: string) => ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;
const countOf = async (table: string, where: string) => (await rows<{ n: number }>(`select count(*)::int as n from ${table} where ${where}`))[0]!.n;
type Answer = { statusCode: number; json: () => { code: number; message: string } };
const busy = (a: Answer) => a.statusCode === 503 && a.json().message === Msg.busy;
/** Every answer is an ok, the refusal given, or busy; the oks counted. */
function sorted(answers: Answer[], refusals: string[]) {
  const ok = answers.filter((a) => a.statusCode === 200);
  const refused = answers.filter((a) => a.statusCode !== 200 && refusals.includes(a.json().message));
  const other = answers.filter((a) => a.statusCode !== 200 && !refusals.includes(a.json().message) && !busy(a));
  expect(other.map((a) => a.json())).toEqual([]);
  return { ok: ok.length, refused: refused.length, busy: answers.length - ok.length - refused.length };
}

let photos = 0;
async function photoOf(token: string, poiId: string) {
  const res = await t.app.inject({ method: 'POST', url: `/v1/images?poiId=${poiId}&purpose=board`, payload: await smallPhoto(3000 + photos++), headers: { 'content-type': 'image/png', token } });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().data.hash as string;
}

describe('one ballot per home whatever the channel, 50 at once', () => {
  for (const secret of [0, 1]) {
    it(`${secret ? 'secret' : 'open'} vote: the co-owners online, a paper ballot and a proxy together – exactly one counts, the others are refused and listed`, async () => {
      const c = await newCommunity(t);
      const coOwners = await owners(t, 3);
      const [proxy] = await owners(t, 1);
      await addUnit(t, c.manager, c.poiId, { room: '101', area: '90', mobiles: coOwners.map((o) => o.mobile) });
      await addUnit(t, c.manager, c.poiId, { room: '102', area: '100', mobiles: [freshMobile()] });
      const v = await ownersVote(t, c.manager, c.poiId, { secret });
      const home = ((await api(t).get(`/v1/polls/${v.id}/desk`, c.manager)).json().data.units as { unitId: string; label: string }[]).find((u) => u.label === '1栋1单元101')!.unitId;
      const photo = await photoOf(c.manager, c.poiId);
      const written = await api(t).post(`/v1/polls/${v.id}/proxy/written`, { unitId: home, mobile: proxy!.mobile, photo: await photoOf(c.manager, c.poiId) }, c.manager);
      expect(written.statusCode).toBe(200);

      const online = (token: string, option: string) => api(t).post('/v1/polls/vote', { id: v.id, options: option }, token);
      const requests = Array.from({ length: N }, (_, i) => {
        if (i % 5 === 3) return () => api(t).post(`/v1/polls/${v.id}/paper`, { unitId: home, option: v.against, photo }, c.manager);
        if (i % 5 === 4) return () => online(proxy!.token, v.abstain);
        return () => online(coOwners[i % 3]!.token, v.agree);
      });
      const answers = await Promise.all(requests.map((r) => r()));
      const n = sorted(answers, ['你名下的房屋已投票', '1栋1单元101 已投票（每户只计第一张有效票），本票不计入']);
      expect(n.ok).toBe(1);
      expect(n.refused + n.busy).toBe(N - 1);

      // One ballot for the home, counted once, in whichever channel came first.
      const counted = (await api(t).get(`/v1/polls/${v.id}`, c.manager)).json().data.poll;
      expect(counted.voters).toBe(1);
      if (secret) {
        expect(await countOf('secret_voters', `poll_id = '${v.id}'`)).toBe(1);
        expect(await countOf('secret_receipts', `poll_id = '${v.id}'`)).toBe(1);
        expect((await rows<{ n: number }>(`select sum(votes)::int as n from secret_tallies where poll_id = '${v.id}'`))[0]!.n).toBe(1);
      } else {
        expect(await countOf('owner_ballots', `poll_id = '${v.id}'`)).toBe(1);
        expect(counted.owners.voted).toEqual({ units: 1, area: '90.00', owners: 1 });
      }
      // At most one paper record, and only if the paper ballot was the one that counted.
      expect(await countOf('paper_ballots', `poll_id = '${v.id}'`)).toBeLessThanOrEqual(1);
      // Each refusal is listed on the desk (a busy answer wrote nothing).
      const desk = (await api(t).get(`/v1/polls/${v.id}/desk`, c.manager)).json().data;
      expect(desk.refused).toHaveLength(n.refused);
      expect(desk.refused.every((r: { label: string }) => r.label === '1栋1单元101')).toBe(true);
    });
  }
});

describe('limits of the procedure, 50 at once', () => {
  async function withAdmin() {
    const c = await newCommunity(t);
    const mobile = freshMobile();
    const admin = await loginAs(t, mobile);
    const [u] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.mobileHash, t.pii.hash(mobile)));
    await t.database.db.insert(communityAdmins).values({ userId: u!.id, poiId: c.poiId });
    return { ...c, admin };
  }

  it('an owner sends at most 5 objections', async () => {
    const c = await newCommunity(t);
    const [a] = await owners(t, 1);
    await addUnit(t, c.manager, c.poiId, { room: '101', area: '90', mobiles: [a!.mobile] });
    const v = await ownersVote(t, c.manager, c.poiId);
    const answers = await Promise.all(Array.from({ length: N }, (_, i) => api(t).post(`/v1/polls/${v.id}/objections`, { text: `名册有误 ${i}` }, a!.token)));
    const n = sorted(answers, ['每位业主对同一表决最多提出5条异议']);
    expect(n.ok).toBe(5);
    expect(await countOf('poll_objections', `poll_id = '${v.id}'`)).toBe(5);
    expect(await countOf('audit_log', `action = 'poll.owners.objection' and subject_id = '${v.id}'`)).toBe(5);
  });

  it('an objection is answered once: one answer stored, audited and told', async () => {
    const c = await newCommunity(t);
    const [a] = await owners(t, 1);
    await addUnit(t, c.manager, c.poiId, { room: '101', area: '90', mobiles: [a!.mobile] });
    const v = await ownersVote(t, c.manager, c.poiId);
    const oid = (await api(t).post(`/v1/polls/${v.id}/objections`, { text: '名册有误' }, a!.token)).json().data._id as string;
    const answers = await Promise.all(Array.from({ length: N }, (_, i) => api(t).post(`/v1/polls/${v.id}/objections/answer`, { _id: oid, answer: `已核实 ${i}` }, c.manager)));
    const n = sorted(answers, ['该异议已答复']);
    expect(n.ok).toBe(1);
    const stored = await rows<{ answer: string }>(`select answer from poll_objections where id = '${oid}'`);
    const winner = answers.findIndex((x) => x.statusCode === 200);
    expect(stored).toEqual([{ answer: `已核实 ${winner}` }]);
    expect(await countOf('audit_log', `action = 'poll.owners.answer' and subject_id = '${v.id}'`)).toBe(1);
    expect(await countOf('notifications', `dedupe_key like '%answer:${oid}%'`)).toBe(1);
  });

  it('the 业主委员会 has at most 15 members', async () => {
    const c = await withAdmin();
    const answers = await Promise.all(Array.from({ length: N }, (_, i) => api(t).post('/v1/manage/owners-committee/add', { poiId: c.poiId, name: `委员${i}`, mobile: freshMobile() }, c.admin)));
    const n = sorted(answers, ['业主委员会成员最多15人']);
    expect(n.ok).toBe(15);
    expect(await countOf('owners_committee', `poi_id = '${c.poiId}'`)).toBe(15);
    expect(await countOf('audit_log', `action = 'owners.committee.add' and poi_id = '${c.poiId}'`)).toBe(15);
  });

  it('a vote has at most 5 计票人 and 5 监票人', async () => {
    const c = await newCommunity(t);
    const mobiles = Array.from({ length: N }, () => freshMobile());
    for (let h = 0; h < N / 5; h++) await addUnit(t, c.manager, c.poiId, { room: `${101 + h}`, area: '90', mobiles: mobiles.slice(h * 5, h * 5 + 5) });
    const v = await ownersVote(t, c.manager, c.poiId);
    const answers = await Promise.all(
      mobiles.map((mobile, i) => api(t).post(`/v1/polls/${v.id}/officers`, { role: i % 2 ? 'scrutineer' : 'counter', name: `人员${i}`, mobile }, c.manager)),
    );
    const n = sorted(answers, ['计票人、监票人各最多5人']);
    expect(n.ok).toBe(10);
    expect(await countOf('poll_officers', `poll_id = '${v.id}' and role = 1`)).toBe(5);
    expect(await countOf('poll_officers', `poll_id = '${v.id}' and role = 2`)).toBe(5);
  });
});
