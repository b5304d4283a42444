import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { communities, staff, users } from '../../src/db/schema';
import { eq } from 'drizzle-orm';
import { freshMobile } from '../support/factories';
import type { TestApp } from '../support/test-app';
import { api, beijingIn, DAY, loginAs } from './poll-helpers';

/** A community of its own with a manager (staff level 1), so each test owns its register. */
export async function newCommunity(t: TestApp) {
  const poiId = `T${randomUUID().slice(0, 8)}`;
  await t.database.db.insert(communities).values({ poiId, name: `测试小区${poiId}`, pname: '北京市', cityname: '北京市', adname: '朝阳区', address: '测试路1号', lng: 116.47, lat: 39.99 });
  const manager = await memberOf(t, poiId, 1);
  return { poiId, manager };
}

/** A new person made staff (1 manager, 2 duty staff) of the community. */
export async function memberOf(t: TestApp, poiId: string, level: 1 | 2) {
  const mobile = freshMobile();
  const token = await loginAs(t, mobile);
  const [u] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.mobileHash, t.pii.hash(mobile)));
  await t.database.db.insert(staff).values({ poiId, userId: u!.id, username: `经理${mobile.slice(-4)}`, level });
  return token;
}

export interface Owner {
  mobile: string;
  token: string;
}
/** Owners who have logged in once (an account exists for their mobile). */
export async function owners(t: TestApp, n: number): Promise<Owner[]> {
  const list: Owner[] = [];
  for (let i = 0; i < n; i++) {
    const mobile = freshMobile();
    list.push({ mobile, token: await loginAs(t, mobile) });
  }
  return list;
}

export async function addUnit(t: TestApp, manager: string, poiId: string, unit: { building?: string; unit?: string; room: string; area: string | number; mobiles?: string[] }) {
  const res = await api(t).post('/v1/manage/units/save', { poiId, building: '1', unit: '1', mobiles: [], ...unit }, manager);
  if (res.statusCode !== 200) throw new Error(`unit not saved: ${res.body}`);
  return res.json().data._id as string;
}

/** An owners' vote of the community, returned with its option ids (同意, 反对, 弃权). */
export async function ownersVote(t: TestApp, manager: string, poiId: string, over: Record<string, unknown> = {}) {
  const res = await api(t).post('/v1/polls', { title: '续聘物业服务企业', info: '', end_time: beijingIn(t, 7 * DAY), owners: 1, poiId, matter: 0, ...over }, manager);
  if (res.statusCode !== 200) throw new Error(`vote not created: ${res.body}`);
  const id = res.json().data.poll._id as string;
  const detail = (await api(t).get(`/v1/polls/${id}`, manager)).json().data;
  const [agree, against, abstain] = detail.poll.options.map((o: { option_id: string }) => o.option_id) as string[];
  return { id, agree: agree!, against: against!, abstain: abstain! };
}

/** An .xlsx of rows as exceljs writes it (what a manager's spreadsheet program saves). */
export async function workbookOf(rows: unknown[][], edit?: (sheet: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('房屋登记');
  for (const r of rows) sheet.addRow(r);
  edit?.(sheet);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
