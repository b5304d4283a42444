import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshMobile, poster, staffOf } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

const HOME = 'DEMO000001';
const SECOND = 'DEMO000002';
let t: TestApp;
let post: ReturnType<typeof poster>;
let admin: string;
let manager: string;
let duty: string;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  post = poster(t);
  [admin, manager, duty] = [await t.login('13800000001'), await t.login('13800000002'), await t.login('13800000003')];
});
afterAll(() => t.close());

const staffList = async (token: string, poiId = HOME) =>
  (await t.app.inject({ method: 'GET', url: `/v1/communityManager?poiId=${poiId}`, headers: { token } })).json();

describe('the administrator’s community list', () => {
  it('lists both demo communities with real counts', async () => {
    const { data } = (await post('/v1/mobile/community/manage', admin)).body;
    expect(data).toMatchObject({ username: '张建国', mobile: '13800000001' });
    expect(data.communitys).toEqual([
      { community: '望京花园西区', poiId: HOME, reg_nums: 2, sign_logs: 0 },
      { community: '花家地北里', poiId: SECOND, reg_nums: 0, sign_logs: 0 },
    ].sort((a, b) => a.community.localeCompare(b.community)));
  });

  it('answers an empty list to someone who administers nothing', async () => {
    expect((await post('/v1/mobile/community/manage', duty)).body).toMatchObject({ code: 200, data: { communitys: [] } });
    expect((await post('/v1/mobile/community/manage', null)).status).toBe(423);
  });
});

describe('staff management', () => {
  it('tells each caller their role, with masked mobiles and what they may delete', async () => {
    const asAdmin = await staffList(admin);
    expect(asAdmin.data.isAdmin).toBe(1);
    expect(asAdmin.data.managers.map((m: { username: string; mobile: string; level: number; deletable: boolean }) => [m.username, m.mobile, m.level, m.deletable])).toEqual([
      ['李秀英', '138****0002', 1, true],
      ['赵师傅', '138****0003', 2, true],
    ]);
    const asManager = await staffList(manager);
    expect(asManager.data.isAdmin).toBe(2);
    expect(asManager.data.managers.map((m: { deletable: boolean }) => m.deletable)).toEqual([false, true]);
    const asDuty = await staffList(duty);
    expect(asDuty.data.isAdmin).toBe(0);
    expect(asDuty.data.managers.every((m: { deletable: boolean }) => !m.deletable)).toBe(true);
    expect((await staffList(duty, SECOND)).code).toBe(403);
    expect((await staffList(await t.login('13800000004'))).code).toBe(403);
  });

  it('lets the administrator add a manager, the manager add only duty staff, and duty staff add no one', async () => {
    const [a, b, c] = [freshMobile(), freshMobile(), freshMobile()];
    for (const m of [a, b, c]) await t.login(m);
    expect((await post('/v1/communityManager', admin, { poiId: HOME, name: '新经理', mobile: a, level: 1 })).body.data.level).toBe(1);
    expect((await post('/v1/communityManager', manager, { poiId: HOME, name: '新执勤', mobile: b, level: 1 })).body.data.level).toBe(2);
    expect((await post('/v1/communityManager', duty, { poiId: HOME, name: '不行', mobile: c })).status).toBe(403);
    expect((await post('/v1/communityManager', admin, { poiId: HOME, name: '重复', mobile: a })).body).toMatchObject({ code: 409, message: '该用户已是本社区的管理人员' });
    expect((await post('/v1/communityManager', manager, { poiId: SECOND, name: '外区', mobile: c })).status).toBe(403);
  });

  it('checks the form in order and requires a registered person', async () => {
    const cases: [object, string][] = [
      [{}, '请输入执勤者姓名'],
      [{ name: '  ' }, '请输入执勤者姓名'],
      [{ name: '王五' }, '请输入手机号'],
      [{ name: '王五', mobile: '123' }, '请输入正确的手机号'],
      [{ name: '王五', mobile: freshMobile() }, '该手机号尚未注册，请让对方先用此手机号登录一次'],
    ];
    for (const [body, message] of cases) {
      expect((await post('/v1/communityManager', admin, { poiId: HOME, ...body })).body).toMatchObject({ code: 400, message });
    }
  });

  it('deletes by the rules: nobody deletes themself, managers only duty staff', async () => {
    const dutyToken = await staffOf(t, HOME, 2);
    const managerToken = await staffOf(t, HOME, 1);
    const openIdOf = async (token: string) => (await post('/v1/mobile/community/userInfo', token)).body.data.openId as string;
    const [dutyId, managerId, selfId] = [await openIdOf(dutyToken), await openIdOf(managerToken), await openIdOf(manager)];

    expect((await post('/v1/communityManager/delete', manager, { poiId: HOME, openId: selfId })).body).toMatchObject({ code: 403, message: '无权删除该人员' });
    expect((await post('/v1/communityManager/delete', manager, { poiId: HOME, openId: managerId })).status).toBe(403);
    expect((await post('/v1/communityManager/delete', duty, { poiId: HOME, openId: dutyId })).status).toBe(403);
    expect((await post('/v1/communityManager/delete', manager, { poiId: HOME, openId: dutyId })).body).toEqual({ code: 200, message: 'ok', data: null });
    expect((await post('/v1/mobile/community/userInfo', dutyToken)).status).toBe(200);
    expect((await post('/v1/userCard/list', dutyToken, { poiId: HOME })).status).toBe(403);
    expect((await post('/v1/communityManager/delete', admin, { poiId: HOME, openId: managerId })).status).toBe(200);
    expect((await post('/v1/communityManager/delete', admin, { poiId: HOME, openId: managerId })).status).toBe(404);
  });
});

describe('staff added at once', () => {
  it('adds a person once of thirty adds sent at once; the others are told they are staff already', async () => {
    const mobile = freshMobile();
    await t.login(mobile);
    const all = await Promise.all(Array.from({ length: 30 }, () => post('/v1/communityManager', admin, { poiId: SECOND, name: '并发执勤', mobile })));
    expect(all.filter((r) => r.body.code === 200)).toHaveLength(1);
    expect(all.filter((r) => r.body.code !== 200).map((r) => `${r.body.code} ${r.body.message}`)).toEqual(Array(29).fill('409 该用户已是本社区的管理人员'));
    expect((await staffList(admin, SECOND)).data.managers.filter((m: { username: string }) => m.username === '并发执勤')).toHaveLength(1);
  });
});
