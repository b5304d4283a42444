import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POLL_MAX_OPTIONS } from '@sq/contract/polls/poll-rules';
import { createTestApp, type TestApp } from '../support/test-app';
import { api, beijingIn, DAY, HOUR, loginAs, pollBody, pollRowCounts } from './poll-helpers';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  token = await loginAs(t, '13800000004');
});
afterAll(() => t.close());

describe('POST /v1/polls', () => {
  it('creates a single-choice poll and answers its _id and title', async () => {
    const res = await api(t).post('/v1/polls', pollBody(t), token);
    expect(res.statusCode).toBe(200);
    const { poll } = res.json().data;
    expect(poll).toEqual({ _id: expect.stringMatching(/^[0-9a-f-]{36}$/), title: '周末社区活动投票' });

    const detail = (await api(t).get(`/v1/polls/${poll._id}`, token)).json().data;
    expect(detail.poll).toMatchObject({ title: '周末社区活动投票', info: '请选择您想参加的活动', type: 0, voters: 0, expired: false });
    expect(detail.poll.options.map((o: { title: string; votes: number }) => [o.title, o.votes])).toEqual([
      ['包饺子', 0],
      ['看电影', 0],
      ['爬香山', 0],
    ]);
    expect(detail.isAdmin).toBe('1');
  });

  it('reads end_time as Beijing time whatever the server time zone', async () => {
    const endText = beijingIn(t, 30 * DAY);
    const [, y, mo, d, h, mi] = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/.exec(endText)!.map(Number) as number[];
    const res = await api(t).post('/v1/polls', pollBody(t, { end_time: endText }), token);
    const detail = (await api(t).get(`/v1/polls/${res.json().data.poll._id}`)).json().data;
    // 08:00 in Beijing is 00:00 UTC.
    expect(detail.poll.end_time).toBe(Date.UTC(y!, mo! - 1, d!, h! - 8, mi!) / 1000);
  });

  it('takes type 1 (or "1" from form-style clients) as multiple choice and trims the texts', async () => {
    for (const type of [1, '1']) {
      const res = await api(t).post('/v1/polls', pollBody(t, { type, title: '  多选  ', options: [{ title: ' 甲 ' }, { title: '乙' }] }), token);
      const detail = (await api(t).get(`/v1/polls/${res.json().data.poll._id}`)).json().data;
      expect(detail.poll.type).toBe(1);
      expect(detail.poll.title).toBe('多选');
      expect(detail.poll.options[0].title).toBe('甲');
    }
  });

  it('accepts a deadline near the end of the six-month window', async () => {
    // 180 days is inside six calendar months whatever the month lengths.
    const res = await api(t).post('/v1/polls', pollBody(t, { end_time: beijingIn(t, 180 * DAY) }), token);
    expect(res.statusCode).toBe(200);
  });

  const refusals: [string, (base: ReturnType<typeof pollBody>) => object, string][] = [
    ['no title', (b) => ({ ...b, title: '   ' }), '请输入投票标题'],
    ['a title over 50 characters', (b) => ({ ...b, title: '票'.repeat(51) }), '投票标题最多50个字'],
    ['a description over 500 characters', (b) => ({ ...b, info: '说'.repeat(501) }), '投票描述最多500个字'],
    ['an unnamed option', (b) => ({ ...b, options: [{ title: '甲' }, { title: '  ' }] }), '请输入选项名'],
    ['an option without title', (b) => ({ ...b, options: [{ title: '甲' }, {}] }), '请输入选项名'],
    ['an option name over 50 characters', (b) => ({ ...b, options: [{ title: '甲' }, { title: '乙'.repeat(51) }] }), '选项名最多50个字'],
    ['an unnamed option and no deadline (spec order)', (b) => ({ ...b, options: [{ title: '' }, { title: '乙' }], end_time: '' }), '请输入选项名'],
    ['no deadline', ({ end_time: _e, ...b }) => b, '请选择截止时间'],
    ['an empty deadline', (b) => ({ ...b, end_time: '' }), '请选择截止时间'],
    ['a deadline in another format', (b) => ({ ...b, end_time: '2030/01/01 10:00' }), '截止时间格式不正确'],
    ['a deadline that is no date', (b) => ({ ...b, end_time: '2030-02-30 10:00' }), '截止时间格式不正确'],
    ['a deadline hour 24', (b) => ({ ...b, end_time: '2030-01-01 24:00' }), '截止时间格式不正确'],
    ['a deadline in the past', (b) => ({ ...b, end_time: beijingIn(t, -HOUR) }), '截止时间需晚于当前时间'],
    ['a deadline over six months ahead', (b) => ({ ...b, end_time: beijingIn(t, 186 * DAY) }), '截止时间不能超过6个月'],
    ['one option', (b) => ({ ...b, options: [{ title: '甲' }] }), '最少有2个选项'],
    ['no options', (b) => ({ ...b, options: [] }), '最少有2个选项'],
    ['options missing', ({ options: _o, ...b }) => b, '最少有2个选项'],
    ['too many options', (b) => ({ ...b, options: Array.from({ length: POLL_MAX_OPTIONS + 1 }, (_, i) => ({ title: `选项${i}` })) }), '最多20个选项'],
    ['the same option twice', (b) => ({ ...b, options: [{ title: '甲' }, { title: ' 甲' }] }), '选项名不能重复'],
    ['an unknown type', (b) => ({ ...b, type: 2 }), '请选择投票类型'],
    ['no type', ({ type: _t, ...b }) => b, '请选择投票类型'],
  ];
  it.each(refusals)('refuses %s with its Chinese message and writes nothing', async (_name, change, message) => {
    const before = await pollRowCounts(t);
    const res = await api(t).post('/v1/polls', change(pollBody(t)), token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message, data: null });
    expect(await pollRowCounts(t)).toEqual(before);
  });

  it('sends a caller without a token to log in (423) and one with a dead token too (424)', async () => {
    const before = await pollRowCounts(t);
    const anonymous = await api(t).post('/v1/polls', pollBody(t));
    expect(anonymous.json()).toMatchObject({ code: 423, data: null });
    // Even a half-filled form: the login comes first, so the user is not told about fields in vain.
    expect((await api(t).post('/v1/polls', {})).statusCode).toBe(423);

    const dead = await loginAs(t, '13800000005');
    await api(t).post('/v1/auth/logout', {}, dead);
    expect((await api(t).post('/v1/polls', pollBody(t), dead)).json()).toMatchObject({ code: 424, data: null });
    expect(await pollRowCounts(t)).toEqual(before);
  });
});
