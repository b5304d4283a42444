import { desc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, beijingDate } from '@sq/contract/beijing-time';
import { auditLog, registrations, users } from '../../src/db/schema';
import { addUnit } from '../polls/owners-helpers';
import { freshMobile, idCard, poster, staffOf } from '../support/factories';
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

const get = async (token: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/v1/mydata', headers: { token } });
  return { status: res.statusCode, body: res.json() };
};
const download = (token: string, format: string) =>
  t.app.inject({
    method: 'POST',
    url: `/v1/mydata/export?format=${format}`,
    payload: new URLSearchParams({ token }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

/** A person registered by themselves, approved, whose whole numbers a manager then viewed. */
async function registeredPerson(name: string) {
  const mobile = freshMobile();
  const card = idCard();
  const token = await t.login(mobile);
  const sent = await post('/v1/userCard', token, { poiId: HOME, name, mobile, card, owner: '业主', address: '8号楼2单元601', isReturn: 0, consent: 1 });
  const id = sent.body.data._id as string;
  await post('/v1/userCard/verify', manager, { poiId: HOME, _id: id, status: 1 });
  await post('/v1/userCard/userInfo', manager, { poiId: HOME, _id: id });
  return { mobile, card, token, id };
}

describe('我的信息', () => {
  it('shows what is held (masked), and who saw whole numbers or exported lists holding them', async () => {
    const me = await registeredPerson('看自己');
    // A list export after the registration: it held this person.
    await t.app.inject({
      method: 'POST',
      url: '/v1/userCard/list?export=1',
      payload: new URLSearchParams({ token: manager, poiId: HOME }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const { status, body } = await get(me.token);
    expect(status).toBe(200);
    const data = body.data;
    expect(data.account.mobile).toBe(`${me.mobile.slice(0, 3)}****${me.mobile.slice(7)}`);
    expect(data.registrations).toEqual([expect.objectContaining({ name: '看自己', community: '望京花园西区', consentAt: expect.any(Number), entries: 0 })]);
    expect(JSON.stringify(data)).not.toContain(me.card);
    expect(JSON.stringify(data)).not.toContain(me.mobile);
    const actions = data.accesses.map((a: { action: string; by: string; certain: boolean; whole: boolean }) => [a.action, a.by, a.certain, a.whole]);
    expect(actions).toContainEqual(['查看登记完整信息', '李秀英', true, true]);
    expect(actions).toContainEqual(['导出登记记录', '李秀英', true, false]);
  });

  it('downloads a whole copy as JSON and as a workbook, and logs the download', async () => {
    const me = await registeredPerson('要副本');
    // What they wrote on the board is theirs too: in the copy as readers saw it (masked).
    await post('/v1/board/rules/accept', me.token, { poiId: HOME });
    const written = await post('/v1/board/posts', me.token, { poiId: HOME, kind: 'sale', text: '出儿童自行车，电话13912345678', priceFen: 5000 });
    await post('/v1/board/comments', me.token, { postId: written.body.data.id, text: '已降价' });
    const json = await download(me.token, 'json');
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-type']).toContain('application/json');
    const copy = JSON.parse(json.body);
    expect(copy.账号.手机号).toBe(me.mobile);
    expect(copy.出入登记[0]).toMatchObject({ 姓名: '要副本', 证件类型: '居民身份证', 证件号码: me.card });
    expect(copy.邻里圈帖子).toEqual([expect.objectContaining({ 社区: '望京花园西区', 分类: '闲置', 内容: '出儿童自行车，电话139****5678', 状态: '已显示' })]);
    expect(copy.邻里圈评论).toEqual([expect.objectContaining({ 内容: '已降价', 状态: '已显示' })]);

    const xlsx = await download(me.token, 'xlsx');
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['账号', '出入登记', '出入记录', '房屋', '邀请的访客', '邻里圈帖子', '邻里圈评论', '活动报名', '查看与导出记录']);
    const sheet = workbook.getWorksheet('出入登记')!;
    const header = sheet.getRow(1).values as string[];
    expect(sheet.getRow(2).getCell(header.indexOf('证件号码')).value).toBe(me.card);

    expect((await download(me.token, 'pdf')).json()).toMatchObject({ code: 400, message: '请选择下载格式' });
    const logged = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'mydata.export'));
    expect(logged.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(logged)).not.toContain(me.card);
  });

  it('writes times and dates in the workbook as date cells, and areas as numbers with two decimals', async () => {
    const mobile = freshMobile();
    const token = await t.login(mobile);
    const until = addDays(beijingDate(new Date()), 180);
    await post('/v1/userCard', token, { poiId: HOME, name: '租客副本', mobile, card: idCard(), owner: '租户', expire_time: until, address: '8号楼2单元602', isReturn: 0, consent: 1 });
    await addUnit(t, manager, HOME, { building: '副本楼', unit: '', room: mobile.slice(-4), area: 89.5, mobiles: [mobile] });
    const json = JSON.parse((await download(token, 'json')).body);
    const file = (await download(token, 'xlsx')).rawPayload;
    // A date cell holds Beijing's wall clock (read back as that time in UTC): the JSON's text.
    const shown = (cell: unknown) => (cell instanceof Date ? cell.toISOString().slice(0, 16).replace('T', ' ') : cell);

    const account = await readXlsx(file, '账号');
    expect(account.rows[0]).toEqual(['手机号', '注册时间', '已绑定微信', '所在社区']);
    expect(account.rows[1]![1]).toBeInstanceOf(Date);
    expect(shown(account.rows[1]![1])).toBe(json.账号.注册时间);
    expect(account.formats[1]).toBe('yyyy-mm-dd hh:mm');

    const regs = await readXlsx(file, '出入登记');
    const col = (name: string) => regs.rows[0]!.indexOf(name);
    const reg = regs.rows[1]!;
    for (const name of ['同意个人信息处理说明', '登记时间', '更新时间']) {
      expect(reg[col(name)], name).toBeInstanceOf(Date);
      expect(shown(reg[col(name)])).toBe(json.出入登记[0][name]);
      expect(regs.formats[col(name)]).toBe('yyyy-mm-dd hh:mm');
    }
    expect(reg[col('租赁截止或访客有效期')]).toEqual(new Date(`${until}T00:00:00Z`));
    expect(regs.formats[col('租赁截止或访客有效期')]).toBe('yyyy-mm-dd');
    expect(reg[col('返京时间')]).toBeNull();

    const homes = await readXlsx(file, '房屋');
    expect(homes.rows).toEqual([['社区', '房屋', '面积'], ['望京花园西区', expect.stringContaining('副本楼'), 89.5]]);
    expect(json.房屋[0].面积).toBe('89.50');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    expect(workbook.getWorksheet('房屋')!.getCell('C2').numFmt).toBe('0.00');
    // Wide enough for a date and time (Excel shows #### otherwise).
    expect(workbook.getWorksheet('账号')!.getColumn(2).width).toBeGreaterThanOrEqual(17);
  });

  it('deletes the registration in one community: the pass stops, staff actions stay on record', async () => {
    const me = await registeredPerson('删登记');
    const pass = (await t.app.inject({ method: 'GET', url: `/v1/userCard/my?poiId=${HOME}`, headers: { token: me.token } })).json().data.userCard;
    expect(pass.code).not.toBe('');
    const res = await post('/v1/mydata/deleteRegistration', me.token, { poiId: HOME });
    expect(res.body).toMatchObject({ code: 200, data: { deleted: true } });
    expect(await t.database.db.select().from(registrations).where(eq(registrations.id, me.id))).toEqual([]);
    // The page still showing the code asks about it: the code names no pass any more (the page
    // then fetches its pass again, and finds none).
    const checked = await post('/v1/userCard/checkCodeInfo', me.token, { poiId: HOME, code: pass.code });
    expect(checked.body).toEqual({ code: 404, message: '通行码无效', data: null });
    const again = (await t.app.inject({ method: 'GET', url: `/v1/userCard/my?poiId=${HOME}`, headers: { token: me.token } })).json().data.userCard;
    expect(again).toMatchObject({ ptype: -1, code: '', qr: '', codeKey: null });
    const scan = await post('/v1/userCard/userInfo', manager, { poiId: HOME, code: pass.code });
    expect(scan.status).toBeGreaterThanOrEqual(400);
    const views = await t.database.db.select().from(auditLog).where(eq(auditLog.subjectId, me.id));
    expect(views.map((v) => v.action)).toContain('registration.view');
    expect((await post('/v1/mydata/deleteRegistration', me.token, { poiId: HOME })).body).toMatchObject({ code: 404, message: '您在该社区没有登记信息' });
  });

  it('deletes the account: logged out everywhere, mobile erased, registrations gone; staff must hand over first', async () => {
    const me = await registeredPerson('注销者');
    const wrong = await post('/v1/mydata/deleteAccount', me.token, { confirm: '确定' });
    expect(wrong.body).toMatchObject({ code: 400, message: '请输入“注销”确认注销账号' });
    const done = await post('/v1/mydata/deleteAccount', me.token, { confirm: '注销' });
    expect(done.body).toMatchObject({ code: 200, data: { deleted: true } });
    expect((await get(me.token)).status).toBe(424);
    expect(await t.database.db.select().from(registrations).where(eq(registrations.id, me.id))).toEqual([]);
    expect(await t.database.db.select().from(users).where(eq(users.mobileHash, t.pii.hash(me.mobile)))).toEqual([]);
    // The same mobile can start afresh.
    expect((await get(await t.login(me.mobile))).body.data.registrations).toEqual([]);

    const duty = await staffOf(t, HOME);
    expect((await post('/v1/mydata/deleteAccount', duty, { confirm: '注销' })).body).toMatchObject({ code: 409 });
  });

  it('unbinds WeChat: login and notices by WeChat stop, the account and its sessions stay', async () => {
    const { mobile, token } = await registeredPerson('解绑者');
    const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.mobileHash, t.pii.hash(mobile)));
    const openid = `o_unbind_${mobile}`;
    await t.database.db.execute(`insert into wechat_identities (openid_hash, openid_enc, user_id) values ('${t.pii.hash(openid)}', '${t.pii.encrypt(openid)}', '${user!.id}')`);
    expect((await get(token)).body.data.account.wechat).toBe(true);
    expect((await post('/v1/mydata/unbindWechat', token, {})).body).toEqual({ code: 200, message: 'ok', data: { unbound: true } });
    expect((await get(token)).body.data.account.wechat).toBe(false);
    const left = (await t.database.db.execute(`select count(*)::int as n from wechat_identities where openid_hash = '${t.pii.hash(openid)}'`)) as unknown as { rows: { n: number }[] };
    expect(left.rows[0]!.n).toBe(0);
    expect((await post('/v1/mydata/unbindWechat', token, {})).body).toEqual({ code: 404, message: '您的账号没有绑定微信', data: null });
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.actorId, user!.id)).orderBy(desc(auditLog.id)).limit(1);
    expect(entry!.action).toBe('mydata.unbindWechat');
  });

  it('needs a login', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v1/mydata' })).statusCode).toBe(423);
  });
});
