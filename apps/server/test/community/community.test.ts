import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEIGHBOURS_PAGE_SIZE } from '@sq/contract/community/list-users';
import { tableDump } from '../support/table-dump';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t.close());

let n = 0;
const freshMobile = () => `1370001${String(1000 + n++).padStart(4, '0')}`;
const get = async (url: string) => (await t.app.inject({ url })).json();
const edit = (payload: object) => t.app.inject({ method: 'POST', url: '/v1/mobile/community/edit', payload });
const userInfo = async (token: string) => (await t.app.inject({ method: 'POST', url: '/v1/mobile/community/userInfo', payload: { token } })).json().data;

describe('GET /v1/mobile/community/info', () => {
  it('answers the community with its street, so the 街道 tab can load', async () => {
    expect((await get('/v1/mobile/community/info?poiId=DEMO000001')).data.community).toEqual({
      poiId: 'DEMO000001',
      community: '望京花园西区',
      pname: '北京市',
      cityname: '北京市',
      adname: '朝阳区',
      address: '广顺南大街16号',
      lng: 116.4706,
      lat: 39.9935,
      streetId: 'DEMO-ST-001',
      streetName: '望京街道',
    });
  });

  it('answers 404 for an unknown community and 400 without one', async () => {
    expect(await get('/v1/mobile/community/info?poiId=NOPE')).toEqual({ code: 404, message: '社区不存在', data: null });
    expect(await get('/v1/mobile/community/info')).toEqual({ code: 400, message: '请选择社区', data: null });
    expect(await get('/v1/mobile/community/info?poiId=')).toEqual({ code: 400, message: '请选择社区', data: null });
  });
});

describe('POST /v1/mobile/community/edit (choose and join)', () => {
  it('joins: sets the community and moveTime, which userInfo then reports', async () => {
    const token = await t.login(freshMobile());
    const res = await edit({ token, poiId: 'DEMO000002', join: 1 });
    const now = Math.floor(t.clock.now().getTime() / 1000);
    expect(res.json()).toEqual({ code: 200, message: 'ok', data: { community: 'DEMO000002', moveTime: now } });
    expect(await userInfo(token)).toMatchObject({ community: 'DEMO000002', moveTime: now });
  });

  it('only chooses with join 0, and choosing again keeps the first join time', async () => {
    const token = await t.login(freshMobile());
    expect((await edit({ token, poiId: 'DEMO000003', join: 0 })).json().data).toEqual({ community: 'DEMO000003', moveTime: 0 });
    expect(await userInfo(token)).toMatchObject({ community: 'DEMO000003', moveTime: 0 });
    const joined = (await edit({ token, poiId: 'DEMO000003', join: '1' })).json().data.moveTime;
    t.clock.advance(60_000);
    expect((await edit({ token, poiId: 'DEMO000003', join: 1 })).json().data.moveTime).toBe(joined);
    expect((await edit({ token, poiId: 'DEMO000003', join: 0 })).json().data.moveTime).toBe(joined);
    // Moving to another community by choosing it leaves the old one.
    expect((await edit({ token, poiId: 'DEMO000001', join: 0 })).json().data).toEqual({ community: 'DEMO000001', moveTime: 0 });
  });

  it('refuses without a session (423/424), and bad or unknown communities without writing', async () => {
    expect((await edit({ poiId: 'DEMO000001', join: 1 })).json()).toEqual({ code: 423, message: '请先登录', data: null });
    expect((await edit({ token: 'nope', poiId: 'DEMO000001', join: 1 })).statusCode).toBe(424);
    const token = await t.login(freshMobile());
    const before = await tableDump(t.database.db, ['user_communities']);
    expect((await edit({ token, join: 1 })).json()).toEqual({ code: 400, message: '请选择社区', data: null });
    expect((await edit({ token, poiId: 'DEMO000001', join: 2 })).statusCode).toBe(400);
    expect((await edit({ token, poiId: 'NOPE', join: 1 })).json()).toEqual({ code: 404, message: '社区不存在', data: null });
    expect(await tableDump(t.database.db, ['user_communities'])).toEqual(before);
  });
});

describe('GET /v1/mobile/community/users (neighbours)', () => {
  it('lists the people who joined, with openId, avatar and username only', async () => {
    const { data } = await get('/v1/mobile/community/users?poiId=DEMO000001');
    expect(data.total).toBeGreaterThanOrEqual(28);
    expect(data.users.length).toBe(Math.min(data.total, NEIGHBOURS_PAGE_SIZE));
    for (const u of data.users) expect(Object.keys(u).sort()).toEqual(['avatar', 'openId', 'username']);
    // Never a mobile number, whole or masked.
    expect(JSON.stringify(data)).not.toMatch(/1[3-9]\d{9}|\*\*\*\*/);
  });

  it('leaves out people who only chose the community without joining', async () => {
    const token = await t.login(freshMobile());
    const me = (await userInfo(token)).openId;
    await edit({ token, poiId: 'DEMO000004', join: 0 });
    expect((await get('/v1/mobile/community/users?poiId=DEMO000004')).data).toEqual({ users: [], total: 0 });
    await edit({ token, poiId: 'DEMO000004', join: 1 });
    const { data } = (await t.app.inject({ url: '/v1/mobile/community/users?poiId=DEMO000004', headers: { token } })).json();
    expect(data.users.map((u: { openId: string }) => u.openId)).toEqual([me]);
    expect(data.users[0].username).toMatch(/^用户[0-9A-F]{6}$/);
  });

  it('shows openIds to the community’s members only, never to anonymous callers or outsiders', async () => {
    const openIds = async (headers: Record<string, string>) =>
      ((await t.app.inject({ url: '/v1/mobile/community/users?poiId=DEMO000001', headers })).json().data.users as { openId: string }[]).map((u) => u.openId);
    const anonymous = await openIds({});
    expect(anonymous.length).toBeGreaterThan(0);
    expect(anonymous.every((id) => id === '')).toBe(true);
    const outsider = await t.login(freshMobile());
    await edit({ token: outsider, poiId: 'DEMO000002', join: 1 });
    expect((await openIds({ token: outsider })).every((id) => id === '')).toBe(true);
    expect((await openIds({ token: 'not-a-session' })).every((id) => id === '')).toBe(true);
    const member = await t.login(freshMobile());
    await edit({ token: member, poiId: 'DEMO000001', join: 1 });
    const seen = await openIds({ token: member });
    expect(seen.every((id) => id.length > 0)).toBe(true);
    expect(seen).toContain((await userInfo(member)).openId);
  });

  it('pages, and refuses unknown communities and bad pages', async () => {
    expect((await get('/v1/mobile/community/users?poiId=DEMO000001&page=9')).data.users).toEqual([]);
    expect(await get('/v1/mobile/community/users?poiId=NOPE')).toEqual({ code: 404, message: '社区不存在', data: null });
    expect((await get('/v1/mobile/community/users?poiId=DEMO000001&page=-1')).message).toBe('页码不正确');
    expect((await get('/v1/mobile/community/users')).message).toBe('请选择社区');
  });
});
