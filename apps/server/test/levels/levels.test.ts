import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BoardMsg } from '@sq/contract/board/board-rules';
import { POINTS_FOR } from '@sq/contract/levels/level-rules';
import { createTestApp, type TestApp } from '../support/test-app';
import { boardApi, countOf, HOME, loginAs, newPost, newPoster, newResident, OTHER } from '../board/board-helpers';
import { insertEvent, insertSignup } from '../events/checkin-helpers';
import { infoApi } from '../info/info-support';

let t: TestApp;
let api: ReturnType<typeof boardApi>;
let duty: string;
let manager: string;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  api = boardApi(t);
  duty = await loginAs(t, '13800000003');
  manager = await loginAs(t, '13800000002');
});
afterAll(() => t.close());

const mine = (token: string, cursor?: string) => api.get(`/v1/levels/mine${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, token);
/** Checked in at a new event starting now (the door is open), by staff's scan. */
async function attend(userId: string, times = 1) {
  const event = await insertEvent(t, HOME, { startsIn: 0 });
  const signup = await insertSignup(t, event, userId);
  const answers = [];
  for (let i = 0; i < times; i++) answers.push(await api.post(`/v1/manage/events/${event.id}/checkin`, duty, { code: signup.code }));
  return answers;
}
const levelNotices = (userId: string) => countOf(t, `select count(*) n from notifications where kind = 'levelReached' and user_id = '${userId}'`);

describe('member points and levels', () => {
  it('a new person is Lv.1 with 0 points, 50 to Lv.2 and no history', async () => {
    const person = await newResident(t);
    const res = await mine(person.token);
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ points: 0, level: 1, nextLevel: { level: 2, from: 50, pointsToGo: 50 }, history: [], next: null });
  });

  it('an event attended counts once: the same check-in scanned twice adds its points once', async () => {
    const person = await newResident(t);
    const [first, again] = await attend(person.userId, 2);
    expect(first!.status).toBe(200);
    expect(again!.data.repeat).toBe(true);
    const res = await mine(person.token);
    expect(res.data.points).toBe(POINTS_FOR.eventAttended.points);
    expect(res.data.history).toHaveLength(1);
    expect(res.data.history[0]).toMatchObject({ reason: 'eventAttended', points: POINTS_FOR.eventAttended.points });
  });

  it('a post marked useful by staff counts once, its author told when it crosses into a level; /lvip numbers follow', async () => {
    const author = await newPoster(t);
    await attend(author.userId);
    await attend(author.userId);
    expect(await levelNotices(author.userId)).toBe(0);
    const post = await newPost(t, author.token);
    const marked = await api.post('/v1/manage/board/useful', manager, { poiId: HOME, id: post });
    expect(marked.status).toBe(200);
    const again = await api.post('/v1/manage/board/useful', manager, { poiId: HOME, id: post });
    expect(again.data.usefulAt).toBe(marked.data.usefulAt);
    const res = await mine(author.token);
    expect(res.data).toMatchObject({ points: 50, level: 2, nextLevel: { level: 3, from: 150, pointsToGo: 100 } });
    expect(res.data.history.map((h: { reason: string }) => h.reason)).toEqual(['postUseful', 'eventAttended', 'eventAttended']);
    expect(await levelNotices(author.userId)).toBe(1);
    expect(await countOf(t, `select count(*) n from audit_log where action = 'board.useful' and subject_id = '${post}'`)).toBe(1);
  });

  it('marking useful: staff who moderate only, not one\'s own post, not another community\'s – nothing written on refusal', async () => {
    const author = await newPoster(t);
    const post = await newPost(t, author.token);
    expect((await api.post('/v1/manage/board/useful', duty, { poiId: HOME, id: post })).status).toBe(403);
    expect((await api.post('/v1/manage/board/useful', author.token, { poiId: HOME, id: post })).status).toBe(403);
    expect((await api.post('/v1/manage/board/useful', manager, { poiId: OTHER, id: post })).status).toBe(403);
    const own = await newPost(t, manager);
    expect(await api.post('/v1/manage/board/useful', manager, { poiId: HOME, id: own })).toMatchObject({ status: 403, message: BoardMsg.usefulOwn });
    expect(await countOf(t, `select count(*) n from board_posts where useful_at is not null and id in ('${post}', '${own}')`)).toBe(0);
    expect(await countOf(t, `select count(*) n from member_points where reason = 'postUseful' and ref in ('${post}', '${own}')`)).toBe(0);
  });

  it('a correction accepted by staff earns its submitter points once', async () => {
    const info = infoApi(t);
    const person = await newResident(t);
    await info.join(person.token, HOME);
    const entries = await info.infos(`poiId=${HOME}`);
    const entry = entries[0]!;
    const sent = await info.report(person.token, { poiId: HOME, infoId: entry._id, department: `${entry.department}（新）`, contact: entry.contact, address: entry.address });
    expect(sent.status).toBe(200);
    expect((await info.review(manager, sent.data._id, 1)).status).toBe(200);
    expect((await info.review(manager, sent.data._id, 1)).status).toBe(409);
    const res = await mine(person.token);
    expect(res.data.points).toBe(POINTS_FOR.correctionAccepted.points);
    expect(res.data.history[0]).toMatchObject({ reason: 'correctionAccepted' });
  });

  it('pages the history newest first with a cursor; a bad cursor is a 400 in Chinese', async () => {
    const person = await newResident(t);
    for (let i = 0; i < 22; i++) {
      t.clock.advance(1000);
      await attend(person.userId);
    }
    const first = await mine(person.token);
    expect(first.data.history).toHaveLength(20);
    expect(first.data.points).toBe(22 * POINTS_FOR.eventAttended.points);
    const second = await mine(person.token, first.data.next);
    expect(second.data.history).toHaveLength(2);
    expect(second.data.next).toBeNull();
    const ids = new Set([...first.data.history, ...second.data.history].map((h: { id: string }) => h.id));
    expect(ids.size).toBe(22);
    const bad = await mine(person.token, 'nonsense');
    expect(bad.status).toBe(400);
    expect(bad.message).toMatch(/[\u4e00-\u9fa5]/);
  });
});
