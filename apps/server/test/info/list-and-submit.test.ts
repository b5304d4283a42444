import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INFO_PAGE_SIZE, MSG_ALREADY_SUBMITTED } from '@sq/contract/info/info-entry';
import * as schema from '../../src/db/schema';
import { tableDump } from '../support/table-dump';
import { createTestApp, type TestApp } from '../support/test-app';
import { infoApi, NEW_ENTRY } from './info-support';

let t: TestApp;
let api: ReturnType<typeof infoApi>;
let resident: string; // 13800000004, joined 望京花园西区
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  api = infoApi(t);
  resident = await t.login('13800000004');
});
afterAll(() => t.close());

let n = 0;
const freshMobile = () => `1370002${String(1000 + n++).padStart(4, '0')}`;
const submissions = () => tableDump(t.database.db, ['info_submissions', 'info_entries']);

describe('GET /v1/communityInfo/index and types', () => {
  it('lists a community’s entries with type names, and its street’s entries by streetId', async () => {
    const infos = await api.infos('poiId=DEMO000001&page=1');
    expect(infos.map((i) => i.typeName)).toEqual(['物业', '居委会', '派出所', '社区卫生服务站']);
    expect(infos[0]).toMatchObject({ department: '望京花园物业服务中心', contact: '010-64701234', typeId: 1, lng: 116.4702, lat: 39.9931 });
    const street = await api.infos('streetId=DEMO-ST-001');
    // Ordered by type; entries of one type added together have no order among themselves.
    expect(street.map((i) => i.typeName)).toEqual(['街道办事处', '其他', '其他']);
    expect(street.map((i) => i.department).sort()).toEqual(['望京街道办事处', '望京街道社区服务中心', '望京街道综合执法队'].sort());
    // An empty later page is the end; an empty first page is the empty state.
    expect(await api.infos('poiId=DEMO000001&page=2')).toEqual([]);
    expect(await api.infos('poiId=DEMO000003')).toEqual([]);
  });

  it('pages by the page size without skipping or repeating', async () => {
    const [entry] = await t.database.db.select().from(schema.infoEntries).limit(1);
    await t.database.db.insert(schema.infoEntries).values(
      Array.from({ length: 13 }, (_, i) => ({ poiId: 'DEMO000004', typeId: 1 + (i % 6), department: `测试单位${i}`, contact: `010-6000${String(i).padStart(4, '0')}`, address: entry!.address })),
    );
    const p1 = await api.infos('poiId=DEMO000004&page=1');
    const p2 = await api.infos('poiId=DEMO000004&page=2');
    expect([p1.length, p2.length]).toEqual([INFO_PAGE_SIZE, 13 - INFO_PAGE_SIZE]);
    expect(new Set([...p1, ...p2].map((i) => i._id)).size).toBe(13);
  });

  it('refuses a missing community, a bad page and an unknown community', async () => {
    expect(await api.get('/v1/communityInfo/index')).toMatchObject({ status: 400, message: '请选择社区' });
    expect(await api.get('/v1/communityInfo/index?poiId=DEMO000001&page=0')).toMatchObject({ status: 400, message: '页码不正确' });
    expect(await api.get('/v1/communityInfo/index?poiId=NOPE')).toMatchObject({ status: 404, message: '社区不存在' });
  });

  it('answers the types in data[1]', async () => {
    const { data } = await api.get('/v1/communityInfo/types');
    expect(data[0]).toBeNull();
    expect(data[1]).toEqual([
      { _id: 1, typeName: '物业' },
      { _id: 2, typeName: '居委会' },
      { _id: 3, typeName: '街道办事处' },
      { _id: 4, typeName: '派出所' },
      { _id: 5, typeName: '社区卫生服务站' },
      { _id: 6, typeName: '其他' },
    ]);
  });
});

describe('POST /v1/communityInfo/create (补充信息)', () => {
  it('needs a session: 423 without a token, 424 with a dead one', async () => {
    expect(await api.create(undefined, NEW_ENTRY)).toMatchObject({ status: 423, message: '请先登录' });
    expect(await api.create('dead-token', NEW_ENTRY)).toMatchObject({ status: 424 });
  });

  it('refuses someone who has not joined this community, with nothing written', async () => {
    const before = await submissions();
    const stranger = await t.login(freshMobile());
    expect(await api.create(stranger, NEW_ENTRY)).toMatchObject({ status: 403, message: '请先加入该社区' });
    // Joined another community: still not this one.
    await api.join(stranger, 'DEMO000002');
    expect(await api.create(stranger, NEW_ENTRY)).toMatchObject({ status: 403, message: '请先加入该社区' });
    // Chosen but not joined (moveTime 0) is not enough either.
    await api.post('/v1/mobile/community/edit', { token: stranger, poiId: 'DEMO000001', join: 0 });
    expect(await api.create(stranger, NEW_ENTRY)).toMatchObject({ status: 403, message: '请先加入该社区' });
    expect(await submissions()).toEqual(before);
  });

  it('checks the fields in the spec’s order with Chinese messages, writing nothing', async () => {
    const before = await submissions();
    const cases: [object, string][] = [
      [{ ...NEW_ENTRY, poiId: undefined }, '请选择社区'],
      [{ ...NEW_ENTRY, department: ' ', contact: '' }, '请输入名称'],
      [{ ...NEW_ENTRY, contact: '' }, '请输入电话'],
      [{ ...NEW_ENTRY, contact: '打电话给我' }, '请输入正确的电话号码'],
      [{ ...NEW_ENTRY, address: '' }, '请输入详细地址'],
      [{ ...NEW_ENTRY, typeId: undefined }, '请选择类别'],
      [{ ...NEW_ENTRY, typeId: 99 }, '请选择类别'],
      [{ ...NEW_ENTRY, lng: 500 }, '地图位置不正确'],
      [{ ...NEW_ENTRY, department: '长'.repeat(41) }, '名称不能超过40个字'],
    ];
    for (const [body, message] of cases) expect(await api.create(resident, body)).toMatchObject({ status: 400, message });
    expect(await submissions()).toEqual(before);
  });

  it('holds the addition as pending: the list does not change until reviewed', async () => {
    const before = await api.infos('poiId=DEMO000001');
    const res = await api.create(resident, NEW_ENTRY);
    expect(res).toMatchObject({ status: 200, data: { status: 0 } });
    expect(res.data._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await api.infos('poiId=DEMO000001')).toEqual(before);
    const mine = await api.get('/v1/communityInfo/mine?poiId=DEMO000001', resident);
    expect(mine.data.submissions[0]).toMatchObject({ _id: res.data._id, kind: 'create', status: 0, department: NEW_ENTRY.department, typeName: '其他' });
    // A double tap does not queue the same thing twice.
    expect(await api.create(resident, NEW_ENTRY)).toMatchObject({ status: 400, message: '您已提交过相同的内容，请等待审核' });
  });

  it('refuses adding an entry that already exists', async () => {
    const existing = { ...NEW_ENTRY, typeId: 1, department: '望京花园物业服务中心', contact: '010-64701234' };
    expect(await api.create(resident, existing)).toMatchObject({ status: 400, message: '该信息已存在' });
  });

  it('adds to the street only for the community’s own street', async () => {
    const ok = await api.create(resident, { ...NEW_ENTRY, department: '望京街道便民服务站', streetId: 'DEMO-ST-001' });
    expect(ok).toMatchObject({ status: 200 });
    expect(await api.create(resident, { ...NEW_ENTRY, department: '别处', streetId: 'OTHER-ST' })).toMatchObject({ status: 400, message: '该社区不属于这个街道' });
  });
});

describe('POST /v1/communityInfo/report (纠错)', () => {
  const entryOf = async (q: string, department: string) => (await api.infos(q)).find((i) => i.department === department)!;

  it('holds a correction as pending and refuses one identical to the entry', async () => {
    const entry = await entryOf('poiId=DEMO000001', '望京花园物业服务中心');
    const same = { poiId: 'DEMO000001', infoId: entry._id, department: entry.department, contact: entry.contact, address: entry.address };
    expect(await api.report(resident, same)).toMatchObject({ status: 400, message: '信息没有变化，无需提交' });
    expect(await api.report(resident, { ...same, department: `  ${entry.department} ` })).toMatchObject({ status: 400, message: '信息没有变化，无需提交' });

    const before = await api.infos('poiId=DEMO000001');
    const res = await api.report(resident, { ...same, contact: '010-64701235' });
    expect(res).toMatchObject({ status: 200, data: { status: 0 } });
    expect(await api.infos('poiId=DEMO000001')).toEqual(before);
  });

  it('refuses entries of other communities, unknown entries, strangers and the logged-out', async () => {
    const other = await entryOf('poiId=DEMO000002', '花家地北里物业管理处');
    const body = { poiId: 'DEMO000001', infoId: other._id, department: '改名', contact: other.contact, address: other.address };
    expect(await api.report(resident, body)).toMatchObject({ status: 403, message: '只能纠错本社区或本街道的信息' });
    expect(await api.report(resident, { ...body, infoId: '00000000-0000-4000-8000-000000000000' })).toMatchObject({ status: 404, message: '该信息不存在' });
    expect(await api.report(resident, { ...body, infoId: 'not-a-uuid' })).toMatchObject({ status: 404, message: '该信息不存在' });
    expect(await api.report(resident, { ...body, infoId: '' })).toMatchObject({ status: 400, message: '该信息不存在' });
    expect(await api.report(await t.login(freshMobile()), { ...body, poiId: 'DEMO000002' })).toMatchObject({ status: 403, message: '请先加入该社区' });
    expect(await api.report(undefined, body)).toMatchObject({ status: 423 });
  });

  it('lets a member correct an entry of the community’s street', async () => {
    const street = await entryOf('streetId=DEMO-ST-001', '望京街道办事处');
    const res = await api.report(resident, { poiId: 'DEMO000001', infoId: street._id, department: street.department, contact: '010-64709911', address: street.address });
    expect(res).toMatchObject({ status: 200 });
    const mine = await api.get('/v1/communityInfo/mine?poiId=DEMO000001', resident);
    expect(mine.data.submissions[0]).toMatchObject({ kind: 'report', streetId: 'DEMO-ST-001', infoId: street._id, current: { contact: '010-64709910' } });
  });
});

describe('the same submission sent many times at once', () => {
  const pendingOf = async (department: string) =>
    (await t.database.db.select().from(schema.infoSubmissions)).filter((s) => s.department === department && s.status === 0).length;

  it('queues one addition of thirty sent at once; the others are told it is waiting', async () => {
    const entry = { ...NEW_ENTRY, department: '望京花园并发驿站' };
    const all = await Promise.all(Array.from({ length: 30 }, () => api.create(resident, entry)));
    expect(all.filter((r) => r.status === 200)).toHaveLength(1);
    expect(all.filter((r) => r.status !== 200).map((r) => `${r.status} ${r.message}`)).toEqual(Array(29).fill(`400 ${MSG_ALREADY_SUBMITTED}`));
    expect(await pendingOf(entry.department)).toBe(1);
  });

  it('queues one correction of thirty sent at once', async () => {
    const entry = (await api.infos('poiId=DEMO000001')).find((i) => i.department === '望京花园物业服务中心')!;
    const body = { poiId: 'DEMO000001', infoId: entry._id, department: '望京花园物业（并发）', contact: entry.contact, address: entry.address };
    const all = await Promise.all(Array.from({ length: 30 }, () => api.report(resident, body)));
    expect(all.filter((r) => r.status === 200)).toHaveLength(1);
    expect(all.filter((r) => r.status !== 200).map((r) => `${r.status} ${r.message}`)).toEqual(Array(29).fill(`400 ${MSG_ALREADY_SUBMITTED}`));
    expect(await pendingOf(body.department)).toBe(1);
  });
});
