import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_PROPOSALS_PER_DAY, EventMsg } from '@sq/contract/events/event-rules';
import { spaces } from '../../src/db/schema';
import { smallPhoto, upload } from '../images/image-helpers';
import { staffOf } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { countOf, DAY, eventApi, eventBody, HOME, HOUR, loginAs, MANAGER, newCommunity, newJoiner, newResident, OTHER, publish } from './event-helpers';

let t: TestApp;
let api: ReturnType<typeof eventApi>;
let manager: string;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  api = eventApi(t);
  manager = await loginAs(t, MANAGER);
});
afterAll(() => t.close());

const S = (ms: number) => Math.floor(ms / 1000);
const eventsCount = () => countOf(t, 'select count(*) as n from events');
const notices = (userId: string, kind: string) => countOf(t, `select count(*) as n from notifications where user_id = '${userId}' and kind = '${kind}'`);

describe('staff publish (/activity 发布活动)', () => {
  it('publishes at once with every field as sent and the defaults of the window; the ticket key is 32 random bytes', async () => {
    const body = eventBody(t, { kind: 'family', maxCompanions: 2, audience: 'link', needsPhone: true, feeFen: 3000, attendeePhotos: false });
    const res = await api.post('/v1/events', manager, body);
    expect(res).toMatchObject({ status: 200, data: { status: 'published' } });
    const event = (await api.get(`/v1/events/${res.data.id}`, manager)).data.event;
    expect(event).toMatchObject({
      kind: 'family',
      title: body.title,
      description: body.description,
      place: body.place,
      startsAt: body.startsAt,
      endsAt: body.endsAt,
      signupOpensAt: S(t.clock.now().getTime()),
      signupClosesAt: body.startsAt,
      cancelUntil: body.startsAt - 2 * 3600,
      capacity: 20,
      maxCompanions: 2,
      audience: 'link',
      needsPhone: true,
      feeFen: 3000,
      attendeePhotos: false,
      organiser: { username: expect.any(String), staff: true },
      canManage: true,
      confirmed: 0,
      waiting: 0,
    });
    expect(await countOf(t, 'select count(*) as n from events where length(ticket_key) <> 32')).toBe(0);
    expect(await countOf(t, 'select count(distinct ticket_key) as n from events')).toBe(await eventsCount());
  });

  it('answers every bad form with its Chinese message, 400, and writes nothing', async () => {
    const now = S(t.clock.now().getTime());
    const start = now + 3 * 86_400;
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: 'party' }, EventMsg.kind],
      [{ kind: undefined }, EventMsg.kind],
      [{ title: '  ' }, EventMsg.titleRequired],
      [{ title: '活'.repeat(41) }, EventMsg.titleTooLong],
      [{ description: '介'.repeat(3001) }, EventMsg.descriptionTooLong],
      [{ place: '' }, EventMsg.placeRequired],
      [{ place: '地'.repeat(61) }, EventMsg.placeTooLong],
      [{ startsAt: '明天下午' }, EventMsg.time],
      [{ startsAt: start, endsAt: start }, EventMsg.endBeforeStart],
      [{ startsAt: start, endsAt: start + 15 * 86_400 }, EventMsg.tooLong],
      [{ startsAt: now + 367 * 86_400, endsAt: now + 367 * 86_400 + 3600 }, EventMsg.tooFar],
      [{ startsAt: now - 60, endsAt: now + 3600 }, EventMsg.startPast],
      [{ startsAt: start, endsAt: start + 3600, signupClosesAt: start + 7200 }, EventMsg.window],
      [{ startsAt: start, endsAt: start + 3600, signupOpensAt: start, signupClosesAt: start - 60 }, EventMsg.window],
      [{ startsAt: start, endsAt: start + 3600, cancelUntil: start + 60 }, EventMsg.cancelUntil],
      [{ capacity: 0 }, EventMsg.capacity],
      [{ capacity: 10_001 }, EventMsg.capacity],
      [{ capacity: 2.5 }, EventMsg.capacity],
      [{ maxCompanions: 6 }, EventMsg.companions],
      [{ feeFen: -1 }, EventMsg.fee],
      [{ feeFen: 12.5 }, EventMsg.fee],
      [{ feeFen: 1_000_001 }, EventMsg.fee],
      [{ audience: 'friends' }, EventMsg.audience],
      [{ cover: 'a'.repeat(43) }, EventMsg.cover],
    ];
    const before = await eventsCount();
    for (const [over, message] of cases) {
      const res = await api.post('/v1/events', manager, eventBody(t, over));
      expect({ over, status: res.status, message: res.message }).toEqual({ over, status: 400, message });
    }
    expect(await eventsCount()).toBe(before);
  });

  it('takes a space of the community only (its booking is the spaces module’s)', async () => {
    const [mine] = await t.database.db.insert(spaces).values({ poiId: HOME, name: '多功能活动室', hours: [] }).returning({ id: spaces.id });
    const [theirs] = await t.database.db.insert(spaces).values({ poiId: OTHER, name: '会议室', hours: [] }).returning({ id: spaces.id });
    const before = await eventsCount();
    expect(await api.post('/v1/events', manager, eventBody(t, { spaceId: theirs!.id }))).toMatchObject({ status: 400, message: EventMsg.space });
    expect(await api.post('/v1/events', manager, eventBody(t, { spaceId: '00000000-0000-4000-8000-000000000000' }))).toMatchObject({ status: 400, message: EventMsg.space });
    expect(await eventsCount()).toBe(before);
    const id = await publish(t, { spaceId: mine!.id }, 3 * DAY, manager);
    expect((await api.get(`/v1/events/${id}`, manager)).data.event.spaceId).toBe(mine!.id);
  });

  it('refuses staff’s text that holds one of the community’s keywords, naming them; links and the office’s phone stay', async () => {
    const poi = await newCommunity(t);
    const boss = await staffOf(t, poi, 1);
    expect((await api.post('/v1/manage/content/settings', boss, { poiId: poi, keywords: ['代购'], links: 'hold' })).status).toBe(200);
    const before = await eventsCount();
    expect(await api.post('/v1/events', boss, eventBody(t, { poiId: poi, description: '现场有代购优惠' }))).toMatchObject({ status: 400, message: EventMsg.bannedWords(['代购']) });
    expect(await eventsCount()).toBe(before);
    const id = await publish(t, { poiId: poi, description: '报名表：https://example.cn/form 咨询电话 13912345678' }, 3 * DAY, boss);
    expect((await api.get(`/v1/events/${id}`, boss)).data.event.description).toBe('报名表：https://example.cn/form 咨询电话 13912345678');
  });

  it('uses the cover through the images module: ref event:<id>, the old one dropped when it changes', async () => {
    const first = (await upload(t, manager, await smallPhoto(701), 'image/png')).body.data.hash;
    const second = (await upload(t, manager, await smallPhoto(702), 'image/png')).body.data.hash;
    const id = await publish(t, { cover: first }, 3 * DAY, manager);
    const detail = (await api.get(`/v1/events/${id}`, manager)).data.event;
    expect(detail.cover).toMatchObject({ hash: first, url: expect.stringContaining(first) });
    const refs = () => countOf(t, `select count(*) as n from image_refs where ref = 'event:${id}' and hash = '${first}'`);
    expect(await refs()).toBe(1);
    // Another staff member edits it: the cover it has stays allowed although they did not upload it.
    const duty = await loginAs(t, '13800000003');
    expect((await api.post(`/v1/events/${id}/edit`, duty, eventBody(t, { cover: first }))).status).toBe(200);
    expect(await api.post(`/v1/events/${id}/edit`, duty, eventBody(t, { cover: second }))).toMatchObject({ status: 400, message: EventMsg.cover });
    expect((await api.post(`/v1/events/${id}/edit`, manager, eventBody(t, { cover: second }))).status).toBe(200);
    expect(await refs()).toBe(0);
    expect(await countOf(t, `select count(*) as n from image_refs where ref = 'event:${id}'`)).toBe(1);
  });
});

describe('residents propose, staff review', () => {
  it('a resident’s proposal waits (pending), unseen in the lists, readable by its proposer and staff only', async () => {
    const resident = await newResident(t);
    const res = await api.post('/v1/events', resident.token, eventBody(t, { title: '周末读书会（居民发起）' }));
    expect(res).toMatchObject({ status: 200, data: { status: 'pending' } });
    const id = res.data.id;
    expect((await api.get(`/v1/events/${id}`, resident.token)).data.event).toMatchObject({ status: 'pending', canManage: false, canSignUp: false, organiser: { staff: false } });
    expect((await api.get(`/v1/events/${id}`, manager)).data.event.status).toBe('pending');
    const neighbour = await newJoiner(t);
    expect(await api.get(`/v1/events/${id}`, neighbour.token)).toMatchObject({ status: 404, message: EventMsg.notFound });
    t.clock.advance(2000);
    const list = await api.get(`/v1/events?poiId=${HOME}`, neighbour.token);
    expect(list.data.events.map((e: { id: string }) => e.id)).not.toContain(id);
    const proposals = await api.get(`/v1/manage/events/proposals?poiId=${HOME}`, manager);
    expect(proposals.data.events.find((e: { id: string }) => e.id === id)).toMatchObject({ status: 'pending', proposer: expect.any(String), createdAt: S(t.clock.now().getTime() - 2000) });
  });

  it('a proposal holding a keyword waits for review like any other; a resident’s phone number is masked', async () => {
    const poi = await newCommunity(t);
    const boss = await staffOf(t, poi, 1);
    await api.post('/v1/manage/content/settings', boss, { poiId: poi, keywords: ['代购'], links: 'hold' });
    await api.post('/v1/manage/events/settings', boss, { poiId: poi, residentsPropose: true });
    const resident = await newResident(t, poi);
    const res = await api.post('/v1/events', resident.token, eventBody(t, { poiId: poi, description: '顺便代购 联系13912345678' }));
    expect(res).toMatchObject({ status: 200, data: { status: 'pending' } });
    expect((await api.get(`/v1/events/${res.data.id}`, boss)).data.event.description).toBe('顺便代购 联系139****5678');
  });

  it('refuses proposals where the community does not take them, and people who only joined', async () => {
    const poi = await newCommunity(t);
    const resident = await newResident(t, poi);
    const before = await eventsCount();
    expect(await api.post('/v1/events', resident.token, eventBody(t, { poiId: poi }))).toMatchObject({ status: 403, message: EventMsg.proposalsOff });
    const joiner = await newJoiner(t);
    expect(await api.post('/v1/events', joiner.token, eventBody(t))).toMatchObject({ status: 403, message: EventMsg.notMember });
    expect(await eventsCount()).toBe(before);
  });

  it(`takes ${EVENT_PROPOSALS_PER_DAY} proposals a day from one resident, counted under parallel requests`, async () => {
    const resident = await newResident(t);
    const answers = await Promise.all(Array.from({ length: EVENT_PROPOSALS_PER_DAY + 3 }, (_, i) => api.post('/v1/events', resident.token, eventBody(t, { title: `提议${i}` }))));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(EVENT_PROPOSALS_PER_DAY);
    expect(answers.filter((a) => a.status === 429 && a.message === EventMsg.tooManyProposals)).toHaveLength(3);
    expect(await countOf(t, `select count(*) as n from events where created_by = '${resident.userId}'`)).toBe(EVENT_PROPOSALS_PER_DAY);
  });

  it('publishes a proposal and tells its proposer; a second review finds it handled', async () => {
    const resident = await newResident(t);
    const id = (await api.post('/v1/events', resident.token, eventBody(t))).data.id;
    expect(await api.post('/v1/manage/events/review', manager, { id, approve: true })).toMatchObject({ status: 200, data: { status: 'published' } });
    expect(await notices(resident.userId, 'eventReviewed')).toBe(1);
    expect(await api.post('/v1/manage/events/review', manager, { id, approve: false, reason: '重复' })).toMatchObject({ status: 409, message: EventMsg.notPending });
    t.clock.advance(2000);
    const list = await api.get(`/v1/events?poiId=${HOME}&when=upcoming`, resident.token);
    const ids: string[] = [];
    let page = list;
    for (;;) {
      ids.push(...page.data.events.map((e: { id: string }) => e.id));
      if (!page.data.next) break;
      page = await api.get(`/v1/events?poiId=${HOME}&cursor=${page.data.next}`, resident.token);
    }
    expect(ids).toContain(id);
  });

  it('turns a proposal down only with a reason, which its proposer reads', async () => {
    const resident = await newResident(t);
    const id = (await api.post('/v1/events', resident.token, eventBody(t))).data.id;
    expect(await api.post('/v1/manage/events/review', manager, { id, approve: false })).toMatchObject({ status: 400, message: EventMsg.reasonRequired });
    expect(await api.post('/v1/manage/events/review', manager, { id, approve: false, reason: '活动室当天已有安排' })).toMatchObject({ status: 200, data: { status: 'rejected' } });
    expect((await api.get(`/v1/events/${id}`, resident.token)).data.event).toMatchObject({ status: 'rejected', statusNote: '活动室当天已有安排' });
    expect(await notices(resident.userId, 'eventReviewed')).toBe(1);
    expect(await api.post(`/v1/events/${id}/edit`, resident.token, eventBody(t))).toMatchObject({ status: 400, message: EventMsg.notPending });
  });

  it('cannot publish a proposal whose start has passed', async () => {
    const resident = await newResident(t);
    const id = (await api.post('/v1/events', resident.token, eventBody(t, {}, 2 * HOUR))).data.id;
    t.clock.advance(3 * HOUR);
    expect(await api.post('/v1/manage/events/review', manager, { id, approve: true })).toMatchObject({ status: 400, message: EventMsg.startPast });
    expect(await countOf(t, `select count(*) as n from events where id = '${id}' and status = 'pending'`)).toBe(1);
  });
});
