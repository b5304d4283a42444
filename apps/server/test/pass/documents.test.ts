import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idCardCheckChar } from '@sq/contract/id-card';
import { registrations } from '../../src/db/schema';
import { freshMobile, idCard, poster } from '../support/factories';
import { readXlsx } from '../support/read-xlsx';
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

const visitor = { poiId: HOME, name: 'Mary Lee', owner: '访客', other: '探亲', address: '8号楼2单元601', isReturn: 0 };
const rowsOf = (name: string) => t.database.db.select().from(registrations).where(eq(registrations.name, name));

describe('registering with other documents than a mainland ID card', () => {
  it('takes a passport with its nationality and a mobile abroad, stores them encrypted and shows them masked with the type', async () => {
    const token = await t.login(freshMobile());
    const res = await post('/v1/userCard', token, { ...visitor, name: '李玛丽', cardType: 'passport', card: 'e 1234 5678', nationality: 'us', mobile: '+1 415 555 2671' });
    expect(res.body).toMatchObject({ code: 200, data: { status: 0 } });

    const [row] = await rowsOf('李玛丽');
    expect(row).toMatchObject({ cardType: 'passport', nationality: 'US', cardMasked: 'E1****678', mobileMasked: '+141****2671' });
    expect(JSON.stringify(row)).not.toContain('E12345678');
    expect(t.pii.decrypt(row!.cardEnc)).toBe('E12345678');
    expect(t.pii.decrypt(row!.mobileEnc)).toBe('+14155552671');

    const list = await post('/v1/userCard/list', manager, { poiId: HOME, keyword: 'E12345678' });
    expect(list.body.data.userCards).toEqual([expect.objectContaining({ name: '李玛丽', cardType: 'passport', nationality: 'US', card: 'E1****678' })]);
    const detail = await post('/v1/userCard/userInfo', manager, { poiId: HOME, _id: row!.id });
    expect(detail.body.data.userCard).toMatchObject({ cardType: 'passport', card: 'E12345678', mobile: '+14155552671', nationality: 'US' });

    const own = await post('/v1/userCard/userProfile', token, { poiId: HOME });
    expect(own.body.data.userCard).toMatchObject({ cardType: 'passport', card: 'E1****678' });
  });

  it('takes a Hong Kong permit with a Hong Kong number, and a Taiwan permit', async () => {
    const hk = await post('/v1/userCard', await t.login(freshMobile()), { ...visitor, name: '陈港生', cardType: 'hkmo', card: 'H12345678', mobile: '+852 9123 4567' });
    expect(hk.body.code).toBe(200);
    const tw = await post('/v1/userCard', await t.login(freshMobile()), { ...visitor, name: '林台生', cardType: 'tw', card: '87654321', mobile: '13912345670' });
    expect(tw.body.code).toBe(200);
    expect((await rowsOf('陈港生'))[0]).toMatchObject({ cardType: 'hkmo', mobileMasked: '+852****4567' });
  });

  it('reads a registration with no type (the native shells) as a mainland ID card', async () => {
    const res = await post('/v1/userCard', await t.login(freshMobile()), { ...visitor, name: '老客户', card: idCard(), mobile: freshMobile() });
    expect(res.body.code).toBe(200);
    expect((await rowsOf('老客户'))[0]).toMatchObject({ cardType: 'id', nationality: '' });
  });

  it('refuses a wrong number, a made-up region or a missing nationality with a clear message and writes nothing', async () => {
    const token = await t.login(freshMobile());
    const before = (await t.database.db.select().from(registrations)).length;
    const cases: [object, string][] = [
      [{ card: `11111119900101123${idCardCheckChar('11111119900101123')}` }, '请输入正确的身份证号'],
      [{ cardType: 'hkmo', card: 'H1234' }, '请输入正确的港澳居民来往内地通行证号码（H或M加8位数字）'],
      [{ cardType: 'passport', card: 'E12345678' }, '请选择国籍'],
      [{ cardType: 'passport', card: 'E12345678', nationality: 'XX' }, '请选择国籍'],
      [{ cardType: 'licence', card: 'E12345678' }, '请选择证件类型'],
      [{ cardType: 'hkmo', card: 'H12345678', mobile: '+852 12' }, '请输入正确的手机号（境外号码请以“+”和国家或地区代码开头，如 +852 9123 4567）'],
      [{ card: idCard(), mobile: '+85291234567' }, '请输入正确的手机号'],
    ];
    for (const [add, message] of cases) {
      const res = await post('/v1/userCard', token, { ...visitor, mobile: freshMobile(), ...add });
      expect([res.status, res.body.message], JSON.stringify(add)).toEqual([400, message]);
    }
    expect((await t.database.db.select().from(registrations)).length).toBe(before);
  });

  it('exports the document type, number and nationality', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/userCard/list?export=1',
      payload: new URLSearchParams({ token: manager, poiId: HOME, keyword: '李玛丽' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const { rows } = await readXlsx(res.rawPayload);
    const [header, row] = rows;
    const col = (h: string) => row![header!.indexOf(h)];
    expect([col('证件类型'), col('证件号码'), col('国籍')]).toEqual(['护照', 'E1****678', '美国']);
  });
});

describe('the privacy notice', () => {
  const myPass = async (token: string) => (await t.app.inject({ method: 'GET', url: `/v1/userCard/my?poiId=${HOME}`, headers: { token } })).json().data;

  it('records the tick of the form, so the pass page does not ask again', async () => {
    const token = await t.login(freshMobile());
    await post('/v1/userCard', token, { ...visitor, name: '同意者', card: idCard(), mobile: freshMobile(), consent: 1 });
    const [row] = await rowsOf('同意者');
    expect(row!.consentAt).toBeInstanceOf(Date);
    expect(row!.consentVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await myPass(token)).notice).toBe(false);
  });

  it('asks a person whom staff entered at their first visit, once', async () => {
    const mobile = freshMobile();
    const entered = await post('/v1/userCard', manager, { ...visitor, name: '代登记者', card: idCard(), mobile, import: 1, consent: 1 });
    expect(entered.body.code).toBe(200);
    expect((await rowsOf('代登记者'))[0]!.consentAt).toBeNull();
    const token = await t.login(mobile);
    // Right after the login, before any page claimed the registration: the app asks once.
    const pending = await t.app.inject({ method: 'GET', url: '/v1/userCard/notice', headers: { token } });
    expect(pending.json().data).toEqual({ poiId: HOME, community: '望京花园西区' });
    expect((await myPass(token)).notice).toBe(true);
    const agreed = await post('/v1/userCard/consent', token, { poiId: HOME });
    expect(agreed.body).toMatchObject({ code: 200, data: { consentAt: expect.any(Number) } });
    expect((await myPass(token)).notice).toBe(false);
    const after = await t.app.inject({ method: 'GET', url: '/v1/userCard/notice', headers: { token } });
    expect(after.json().data).toEqual({ poiId: null, community: '' });
  });

  it('has nothing to agree to without a registration here', async () => {
    const res = await post('/v1/userCard/consent', await t.login(freshMobile()), { poiId: HOME });
    expect(res.status).toBe(404);
  });
});
