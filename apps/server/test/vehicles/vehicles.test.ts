import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entryLogs, vehiclePlates } from '../../src/db/schema';
import { PLATES_PER_REGISTRATION, PlateMsg } from '@sq/contract/vehicles/plate-rules';
import { freshMobile, idCard, poster, staffOf } from '../support/factories';
import { readXlsx } from '../support/read-xlsx';
import { createTestApp, type TestApp } from '../support/test-app';

const HOME = 'DEMO000001';
const SECOND = 'DEMO000002';
let t: TestApp;
let post: ReturnType<typeof poster>;
let resident: string;
let duty: string;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  post = poster(t);
  resident = await t.login('13800000004');
  duty = await t.login('13800000003');
});
afterAll(() => t.close());

describe('vehicle plates', () => {
  it('lets a resident add, list and remove plates, mainland and new-energy, stored encrypted', async () => {
    const added = await post('/v1/userCard/plates/add', resident, { poiId: HOME, plate: ' 京a·123 45 ' });
    expect(added.body).toMatchObject({ code: 200, data: { plates: ['京A12345'] } });
    const second = await post('/v1/userCard/plates/add', resident, { poiId: HOME, plate: '京AD12345' });
    expect(second.body.data.plates).toEqual(['京A12345', '京AD12345']);
    const rows = await t.database.db.select().from(vehiclePlates);
    expect(JSON.stringify(rows)).not.toContain('12345');
    expect(rows.map((r) => r.plateMasked).sort()).toEqual(['京A****45', '京A***45']);
    const removed = await post('/v1/userCard/plates/remove', resident, { poiId: HOME, plate: '京AD12345' });
    expect(removed.body.data.plates).toEqual(['京A12345']);
    expect((await post('/v1/userCard/plates', resident, { poiId: HOME })).body.data.plates).toEqual(['京A12345']);
    // 我的信息 lists them with the registration.
    const mine = await t.app.inject({ method: 'GET', url: '/v1/mydata', headers: { token: resident } });
    expect(mine.json().data.registrations[0].plates).toEqual(['京A12345']);
  });

  it('refuses bad plates, duplicates, a fourth plate and people without a registration, with a message', async () => {
    expect((await post('/v1/userCard/plates/add', resident, { poiId: HOME, plate: '' })).body).toMatchObject({ code: 400, message: '请输入车牌号' });
    expect((await post('/v1/userCard/plates/add', resident, { poiId: HOME, plate: '京I12345' })).body).toMatchObject({ code: 400, message: '车牌号格式不正确（如 京A12345，新能源车如 京AD12345）' });
    expect((await post('/v1/userCard/plates/add', resident, { poiId: HOME, plate: '京A12345' })).body).toMatchObject({ code: 409, message: '该车牌已登记' });
    await post('/v1/userCard/plates/add', resident, { poiId: HOME, plate: '京B22222' });
    await post('/v1/userCard/plates/add', resident, { poiId: HOME, plate: '京C33333' });
    expect((await post('/v1/userCard/plates/add', resident, { poiId: HOME, plate: '京E44444' })).body).toMatchObject({ code: 409, message: '每份登记最多登记3个车牌' });
    const stranger = await t.login(freshMobile());
    expect((await post('/v1/userCard/plates/add', stranger, { poiId: HOME, plate: '京F55555' })).body).toMatchObject({ code: 404, message: '请先完成出入登记，再登记车辆' });
    await post('/v1/userCard/plates/remove', resident, { poiId: HOME, plate: '京C33333' });
  });

  it('lets the duty staff find a plate and record the car entering and leaving, in the log and its export', async () => {
    const found = await post('/v1/manage/vehicles/search', duty, { poiId: HOME, plate: '京A 12345' });
    expect(found.body.data).toMatchObject({ plate: '京A12345', vehicle: { name: '陈明', owner: '业主', usable: true, mobile: '138****0004' } });
    const entering = await post('/v1/manage/vehicles/log', duty, { poiId: HOME, plate: '京A12345', pass: 1 });
    expect(entering.body.data).toMatchObject({ name: '陈明', plate: '京A12345', pass: 1 });
    const stranger = await post('/v1/manage/vehicles/log', duty, { poiId: HOME, plate: '沪B7K9Q2', pass: 2 });
    expect(stranger.body.data).toMatchObject({ name: '未登记车辆', pass: 2 });
    expect((await post('/v1/manage/vehicles/search', duty, { poiId: HOME, plate: '沪B7K9Q2' })).body.data.vehicle).toBeNull();

    const logs = (await post('/v1/userCard/userLog', duty, { poiId: HOME })).body.data.logs;
    expect(logs.slice(0, 2)).toEqual([
      expect.objectContaining({ name: '未登记车辆', plate: '沪B***Q2', pass: 2 }),
      expect.objectContaining({ name: '陈明', plate: '京A***45', pass: 1 }),
    ]);
    const line = (await t.database.db.select().from(entryLogs).where(eq(entryLogs.id, entering.body.data._id)))[0]!;
    expect(t.pii.decrypt(line.plateEnc!)).toBe('京A12345');

    const manager = await t.login('13800000002');
    const file = await t.app.inject({
      method: 'POST',
      url: '/v1/userCard/userLog?export=1',
      payload: new URLSearchParams({ token: manager, poiId: HOME, whole: '1' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const { rows } = await readXlsx(file.rawPayload);
    const plateColumn = rows[0]!.indexOf('车牌');
    expect(rows.slice(1, 3).map((r) => r[plateColumn])).toEqual(['沪B7K9Q2', '京A12345']);

    const records = await t.app.inject({
      method: 'POST',
      url: '/v1/userCard/list?export=1',
      payload: new URLSearchParams({ token: manager, poiId: HOME, keyword: '13800000004' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const sheet = (await readXlsx(records.rawPayload)).rows;
    expect(sheet.length, JSON.stringify(sheet)).toBe(2);
    expect(sheet[1]![sheet[0]!.indexOf('车牌')]).toBe('京A***45、京B***22');
  });

  it('refuses other communities’ staff, residents and bad directions', async () => {
    expect((await post('/v1/manage/vehicles/search', duty, { poiId: SECOND, plate: '京A12345' })).status).toBe(403);
    expect((await post('/v1/manage/vehicles/log', resident, { poiId: HOME, plate: '京A12345', pass: 1 })).status).toBe(403);
    expect((await post('/v1/manage/vehicles/log', duty, { poiId: HOME, plate: '京A12345', pass: 3 })).body).toMatchObject({ code: 400, message: '请选择驶入或驶出' });
    const other = await staffOf(t, SECOND);
    expect((await post('/v1/manage/vehicles/log', other, { poiId: HOME, plate: '京A12345', pass: 1 })).status).toBe(403);
  });
});

describe('plates added at once', () => {
  it('registers three of thirty different plates sent at once; the others are told the registration is full', async () => {
    const mobile = freshMobile();
    const token = await t.login(mobile);
    const registered = await post('/v1/userCard', token, { poiId: HOME, name: '赵并发', mobile, card: idCard(), owner: '业主', address: '7号楼', isReturn: 0, consent: 1 });
    expect(registered.body.code).toBe(200);
    const all = await Promise.all(Array.from({ length: 30 }, (_, i) => post('/v1/userCard/plates/add', token, { poiId: HOME, plate: `京Q${10000 + i}` })));
    expect(all.filter((r) => r.body.code === 200)).toHaveLength(PLATES_PER_REGISTRATION);
    expect(all.filter((r) => r.body.code !== 200).map((r) => `${r.body.code} ${r.body.message}`)).toEqual(Array(30 - PLATES_PER_REGISTRATION).fill(`409 ${PlateMsg.tooMany}`));
    const rows = await t.database.db.select().from(vehiclePlates).where(eq(vehiclePlates.registrationId, registered.body.data._id));
    expect(rows).toHaveLength(PLATES_PER_REGISTRATION);
  });
});
