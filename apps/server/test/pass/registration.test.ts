import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, beijingDate } from '@sq/contract/beijing-time';
import { RegistrationMsg } from '@sq/contract/pass/registration-rules';
import { registrations } from '../../src/db/schema';
import { freshMobile, idCard, poster } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

const HOME = 'DEMO000001';
let t: TestApp;
let post: ReturnType<typeof poster>;
let manager: string;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  post = poster(t);
  manager = await t.login('13800000002');
});
afterAll(() => t.close());

const today = () => beijingDate(t.clock.now());
const tally = async () => (await t.database.db.select({ n: count() }).from(registrations))[0]!.n;
const owner = (mobile: string) => ({ poiId: HOME, name: '王小明', mobile, card: idCard(), owner: '业主', address: '8号楼2单元601', isReturn: 0 });

describe('registration rules, in the spec order', () => {
  it('names the first missing field, one after another, and writes nothing', async () => {
    const token = await t.login(freshMobile());
    const before = await tally();
    const steps: [object, string][] = [
      [{}, RegistrationMsg.name],
      [{ name: '王小明' }, RegistrationMsg.mobile],
      [{ mobile: '12345' }, RegistrationMsg.mobileInvalid],
      [{ mobile: '13912345678' }, RegistrationMsg.card],
      [{ card: '110105194912310029' }, '请输入正确的身份证号'],
      [{ card: ` ${idCard()} ` }, RegistrationMsg.owner],
      [{ owner: '请选择' }, RegistrationMsg.owner],
      [{ owner: '租户' }, RegistrationMsg.address],
      [{ address: '8号楼' }, RegistrationMsg.tenantEnd],
      [{ expire_time: addDays(today(), -1) }, RegistrationMsg.tenantEndRange],
      [{ expire_time: addDays(today(), 365 * 3 + 5) }, RegistrationMsg.tenantEndRange],
      [{ expire_time: addDays(today(), 30) }, RegistrationMsg.isReturn],
      [{ isReturn: 1 }, RegistrationMsg.returnDate],
      [{ return_date: addDays(today(), -15) }, RegistrationMsg.returnDateRange],
      [{ return_date: addDays(today(), -3) }, RegistrationMsg.returnFrom],
    ];
    let body: Record<string, unknown> = { poiId: HOME };
    for (const [add, message] of steps) {
      body = { ...body, ...add };
      const res = await post('/v1/userCard', token, body);
      expect([res.status, res.body.message], JSON.stringify(add)).toEqual([400, message]);
    }
    expect(await tally()).toBe(before);
    const done = await post('/v1/userCard', token, { ...body, wuhan: '上海' });
    expect(done.body).toMatchObject({ code: 200, data: { status: 0 } });
  });

  it('asks companies for the company name and visitors for the reason', async () => {
    const token = await t.login(freshMobile());
    const base = { ...owner('13912340001'), isReturn: 0 };
    expect((await post('/v1/userCard', token, { ...base, owner: '公司' })).body.message).toBe(RegistrationMsg.company);
    expect((await post('/v1/userCard', token, { ...base, owner: '访客' })).body.message).toBe(RegistrationMsg.reason);
  });

  it('keeps only the fields of the chosen identity and answer', async () => {
    const mobile = freshMobile();
    const token = await t.login(mobile);
    const res = await post('/v1/userCard', token, { ...owner(mobile), company: '某公司', other: '送货', expire_time: addDays(today(), 9), return_date: today(), wuhan: '武汉', isReturn: '0' });
    expect(res.status).toBe(200);
    const detail = await post('/v1/userCard/userInfo', manager, { poiId: HOME, _id: res.body.data._id });
    expect(detail.body.data.userCard).toMatchObject({ owner: '业主', company: '', other: '', expire_time: null, return_date: null, wuhan: '' });
  });
});

describe('registration life cycle', () => {
  it('goes pending → approved → revoked → re-submitted, refusing moves the spec does not allow', async () => {
    const mobile = freshMobile();
    const token = await t.login(mobile);
    const first = await post('/v1/userCard', token, owner(mobile));
    const id = first.body.data._id;
    expect((await post('/v1/userCard', token, owner(mobile))).body).toMatchObject({ code: 409, message: '登记正在审核中，请耐心等待' });

    expect((await post('/v1/userCard/verify', manager, { poiId: HOME, _id: id, status: 1 })).body).toMatchObject({ code: 200, data: { status: 1 } });
    expect((await post('/v1/userCard/verify', manager, { poiId: HOME, _id: id, status: 1 })).status).toBe(409);
    expect((await post('/v1/userCard', token, owner(mobile))).body.message).toBe('您已登记通过，无需重复登记');

    t.clock.advance(60_000);
    expect((await post('/v1/userCard/verify', manager, { poiId: HOME, _id: id, status: -1 })).body.data.status).toBe(-1);
    expect((await post('/v1/userCard/verify', manager, { poiId: HOME, _id: id, status: -1 })).status).toBe(409);
    const again = await post('/v1/userCard', token, { ...owner(mobile), address: '9号楼' });
    expect(again.body.data).toEqual({ _id: id, status: 0 });

    const detail = await post('/v1/userCard/userInfo', manager, { poiId: HOME, _id: id });
    expect(detail.body.data.userCard.reviews.map((r: { from: number; to: number }) => `${r.from}>${r.to}`)).toEqual(['0>1', '1>-1']);
    expect(detail.body.data.userCard.address).toBe('9号楼');
  });

  it('shows the person their own registration masked, and keeps the stored values when they send the masks back', async () => {
    const mobile = freshMobile();
    const token = await t.login(mobile);
    const card = idCard();
    const { body } = await post('/v1/userCard', token, { ...owner(mobile), card });
    await post('/v1/userCard/verify', manager, { poiId: HOME, _id: body.data._id, status: -1 });

    const profile = (await post('/v1/userCard/userProfile', token, { poiId: HOME })).body.data;
    expect(profile).toMatchObject({ mobile, canSubmit: true, community: { poiId: HOME, community: '望京花园西区' } });
    expect(profile.userCard.mobile).toBe(`${mobile.slice(0, 3)}****${mobile.slice(7)}`);
    expect(profile.userCard.card).toBe(`${card.slice(0, 6)}********${card.slice(14)}`);

    const resent = await post('/v1/userCard', token, { ...owner(mobile), mobile: profile.userCard.mobile, card: profile.userCard.card });
    expect(resent.status).toBe(200);
    const detail = (await post('/v1/userCard/userInfo', manager, { poiId: HOME, _id: body.data._id })).body.data.userCard;
    expect([detail.mobile, detail.card]).toEqual([mobile, card]);
  });

  it('lets staff register someone (approved at once), whom the person finds when they log in', async () => {
    const mobile = freshMobile();
    const imported = await post('/v1/userCard', manager, { ...owner(mobile), import: 1 });
    expect(imported.body.data.status).toBe(1);
    expect((await post('/v1/userCard', manager, { ...owner(mobile), import: 1 })).body).toMatchObject({ code: 409, message: '该手机号已在本社区登记' });

    const resident = await t.login('13800000004');
    expect((await post('/v1/userCard', resident, { ...owner(freshMobile()), import: 1 })).status).toBe(403);

    const token = await t.login(mobile);
    const pass = await t.app.inject({ method: 'GET', url: `/v1/userCard/my?poiId=${HOME}&pass=1`, headers: { token } });
    expect(pass.json().data.userCard).toMatchObject({ ptype: 1, name: '王小明' });
  });

  it('writes one registration of thirty that staff send for one mobile at once (a double tap, two managers)', async () => {
    const mobile = freshMobile();
    const all = await Promise.all(Array.from({ length: 30 }, () => post('/v1/userCard', manager, { ...owner(mobile), import: 1 })));
    expect(all.filter((r) => r.body.code === 200)).toHaveLength(1);
    expect(all.filter((r) => r.body.code !== 200).map((r) => `${r.body.code} ${r.body.message}`)).toEqual(Array(29).fill('409 该手机号已在本社区登记'));
    const [written] = await t.database.db.select({ n: count() }).from(registrations).where(and(eq(registrations.poiId, HOME), eq(registrations.mobileHash, t.pii.hash(mobile))));
    expect(written!.n).toBe(1);
  });

  it('does not give someone staff registered a second registration when they submit the form first', async () => {
    const mobile = freshMobile();
    const imported = await post('/v1/userCard', manager, { ...owner(mobile), import: 1 });
    const before = await tally();

    const token = await t.login(mobile);
    const submitted = await post('/v1/userCard', token, { ...owner(mobile), name: '王小明' });
    expect(submitted.body).toMatchObject({ code: 409, message: '您已登记通过，无需重复登记' });
    expect(await tally()).toBe(before);
    const profile = await post('/v1/userCard/userProfile', token, { poiId: HOME });
    expect(profile.body.data.userCard._id).toBe(imported.body.data._id);
  });

  it('refuses an unknown community and bad review values', async () => {
    const token = await t.login(freshMobile());
    expect((await post('/v1/userCard', token, { ...owner(freshMobile()), poiId: 'NOPE' })).body).toMatchObject({ code: 404, message: '社区不存在' });
    const bad = await post('/v1/userCard/verify', manager, { poiId: HOME, _id: 'x', status: 1 });
    expect(bad.body).toMatchObject({ code: 400, message: '记录编号不正确' });
    const wrong = await post('/v1/userCard/verify', manager, { poiId: HOME, _id: '00000000-0000-4000-8000-000000000000', status: 2 });
    expect(wrong.body).toMatchObject({ code: 400, message: '审核结果不正确' });
  });
});
