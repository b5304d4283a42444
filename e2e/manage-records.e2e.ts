import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { idCardCheckChar } from '@sq/contract/id-card';
import { startListeningApp, type ListeningApp } from '@sq/server/test/support/listening-app';
import { artifactPath, launchBrowser } from './support/browser';
import { ManageRecordsPage } from './pages/manage-records-page';
import { Phones, toast } from './support/phones';

const MANAGER = '13800000002';
const DUTY = '13800000003';
const RESIDENT = '13800000004';
const HOME = 'DEMO000001';
const SECOND = 'DEMO000002';
const IMPORTED = 22;
const SCANS = 23;
const PENDING = [
  { mobile: '13922220001', name: '周待审' },
  { mobile: '13922220002', name: '吴待审' },
];

let server: ListeningApp;
let browser: Browser;
let sessions: Phones;

function idCard(serial: number): string {
  const first17 = `11010519850${(serial % 9) + 1}1${String(100 + serial).slice(-3)}${serial % 10}`.slice(0, 17);
  return first17 + idCardCheckChar(first17);
}

const person = (name: string, mobile: string, serial: number) => ({
  poiId: HOME,
  name,
  mobile,
  card: idCard(serial),
  owner: '业主',
  address: `望京花园西区 ${1 + (serial % 9)}号楼 ${serial}室`,
  isReturn: '0',
});

beforeAll(async () => {
  [server, browser] = await Promise.all([startListeningApp(), launchBrowser()]);
  sessions = new Phones(server, browser);

  // More approved registrations than one page (staff registering residents), two waiting for review…
  for (let i = 0; i < IMPORTED; i++) {
    const added = await sessions.api(MANAGER, '/v1/userCard', { ...person(`住户${String(i + 1).padStart(2, '0')}`, `137000000${String(i).padStart(2, '0')}`, i), import: 1 });
    expect(added.code, added.message).toBe(200);
  }
  for (const [i, p] of PENDING.entries()) {
    const sent = await sessions.api(p.mobile, '/v1/userCard', person(p.name, p.mobile, 50 + i));
    expect(sent.code, sent.message).toBe(200);
  }
  // …and more gate scans than one page of the log, in both directions.
  for (let i = 0; i < SCANS; i++) {
    const pass = (i % 2) + 1;
    // A use spends that direction's codes for three steps of 30 s: the gate's clock moves past them.
    server.shiftClock(90_000);
    const mine = await sessions.api<{ userCard: { code: string } }>(RESIDENT, '/v1/userCard/my', { poiId: HOME, pass }, 'GET');
    const scan = await sessions.api(DUTY, '/v1/userCard/userInfo', { poiId: HOME, code: mine.data.userCard.code, pass });
    expect(scan.code, scan.message).toBe(200);
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});
afterEach(() => {
  expect(sessions.problems).toEqual([]);
});

async function readDownload(download: import('playwright-core').Download): Promise<Buffer> {
  const file = await download.path();
  return fs.readFileSync(file!);
}

describe('登记记录 /records', () => {
  it('lets duty staff search and review a pending registration, with the tab counts following', async () => {
    const { context, page } = await sessions.phone(DUTY);
    const records = new ManageRecordsPage(page);
    await records.openRecords(HOME);
    await records.rows.first().waitFor();
    await expect(records.tabCount('待审核')).resolves.toBe(2);
    await expect(records.tabCount('已通过')).resolves.toBe(IMPORTED + 2);
    await expect(records.tabCount('已退回')).resolves.toBe(0);
    await expect(records.rows.count()).resolves.toBe(2);
    await expect(records.privacy.isVisible()).resolves.toBe(true);
    // Lists show masked mobiles only.
    await expect(records.rows.filter({ hasText: '周待审' }).textContent()).resolves.toContain('139****0001');
    await page.screenshot({ path: artifactPath('manage-records.png') });

    await records.searchButton.click();
    await toast(page, '请输入搜索内容').waitFor();
    await records.search.fill('周待审');
    await records.search.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('keyword') === '周待审');
    await expect.poll(() => records.rows.count()).toBe(1);
    await expect(records.rows.first().textContent()).resolves.toContain('周待审');

    await records.rows.first().click();
    await page.waitForURL((url) => url.pathname === '/xxdetail' && url.searchParams.get('poiId') === HOME && Boolean(url.searchParams.get('id')));
    await page.getByRole('button', { name: '通过' }).click();
    await page.getByRole('button', { name: '撤销通行证' }).waitFor();

    // Back on the same tab and search; the record has moved to 已通过.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/records' && url.searchParams.get('keyword') === '周待审');
    await page.getByText('没有找到相关记录').waitFor();
    await page.locator('.adm-search-bar .adm-input-clear').click();
    await page.waitForURL((url) => !url.searchParams.has('keyword'));
    await expect.poll(() => records.tabCount('待审核')).toBe(1);
    await expect(records.tabCount('已通过')).resolves.toBe(IMPORTED + 3);
    await context.close();
  });

  it('loads 20 at a time on scroll until it says it has reached the end', async () => {
    const { context, page } = await sessions.phone(DUTY);
    const records = new ManageRecordsPage(page);
    await page.goto(`/records?poiId=${HOME}&tab=approved`);
    await records.rows.nth(19).waitFor();
    const total = await records.tabCount('已通过');
    expect(total).toBeGreaterThan(20);
    await records.scrollToEnd();
    await expect(records.rows.count()).resolves.toBe(total);
    await page.screenshot({ path: artifactPath('manage-records-end.png') });
    await context.close();
  });

  it('exports the shown tab as .xlsx: masked for duty staff, with a choice for managers', async () => {
    const duty = await sessions.phone(DUTY);
    const records = new ManageRecordsPage(duty.page);
    await duty.page.goto(`/records?poiId=${HOME}&tab=approved`);
    await records.rows.first().waitFor();
    const masked = await records.export();
    expect(masked.suggestedFilename()).toMatch(/\.xlsx$/);
    expect((await readDownload(masked)).subarray(0, 2).toString('latin1')).toBe('PK');
    // Duty staff are not offered whole numbers.
    await expect(duty.page.getByText('导出完整信息').count()).resolves.toBe(0);
    await duty.context.close();

    const manager = await sessions.phone(MANAGER);
    const managed = new ManageRecordsPage(manager.page);
    await managed.openRecords(HOME);
    await managed.rows.first().waitFor();
    await managed.exportButton.click();
    const cancel = manager.page.locator('.adm-action-sheet-cancel .adm-action-sheet-button-item');
    await cancel.waitFor();
    await manager.page.waitForTimeout(400); // the sheet slides up
    await manager.page.screenshot({ path: artifactPath('manage-records-export-choice.png') });
    await cancel.click();
    await cancel.waitFor({ state: 'hidden' });
    const whole = await managed.export('导出完整信息');
    expect(whole.suggestedFilename()).toMatch(/\.xlsx$/);
    expect((await readDownload(whole)).subarray(0, 2).toString('latin1')).toBe('PK');
    await manager.context.close();
  });
});

describe('出入记录 /crrecords', () => {
  it('lists entries and exits in Beijing time, loads on scroll to the end, and exports', async () => {
    const { context, page } = await sessions.phone(DUTY);
    const logs = new ManageRecordsPage(page);
    await logs.openLogs(HOME);
    await logs.rows.first().waitFor();
    const first = logs.rows.first();
    // Newest first: the last scan was an entry (odd count, starting with an entry).
    await expect(first.textContent()).resolves.toMatch(/^进入.*138\*\*\*\*0004\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    await expect(logs.rows.filter({ hasText: '离开' }).count()).resolves.toBeGreaterThan(0);
    await expect(logs.privacy.isVisible()).resolves.toBe(true);
    await page.screenshot({ path: artifactPath('manage-crrecords.png') });
    await logs.scrollToEnd();
    await expect(logs.rows.count()).resolves.toBe(SCANS);

    const file = await logs.export();
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    expect((await readDownload(file)).subarray(0, 2).toString('latin1')).toBe('PK');
    await context.close();
  });
});

describe('管理中心 /mcenter and another community', () => {
  it('leads duty staff to the four screens of their community', async () => {
    const { context, page } = await sessions.phone(DUTY);
    await page.goto(`/mcenter?poiId=${HOME}`);
    await page.getByText('我的身份：执勤者').waitFor();
    await page.getByText('望京花园西区').waitFor();
    await page.screenshot({ path: artifactPath('manage-mcenter.png') });
    for (const [title, path] of [
      ['登记记录', '/records'],
      ['出入记录', '/crrecords'],
      ['执勤者管理', '/zqzmg'],
      ['小区信息', '/areamsg'],
    ] as const) {
      await page.getByRole('link', { name: new RegExp(`^${title}`) }).click();
      await page.waitForURL((url) => url.pathname === path && url.searchParams.get('poiId') === HOME);
      await page.goBack();
      await page.waitForURL((url) => url.pathname === '/mcenter');
    }
    await context.close();
  });

  it('refuses duty staff every screen of a community they do not serve, with a clear page', async () => {
    const { context, page } = await sessions.phone(DUTY);
    for (const path of ['/mcenter', '/records', '/crrecords', '/areamsg']) {
      await page.goto(`${path}?poiId=${SECOND}`);
      await page.getByRole('alert').getByText('无权访问').waitFor();
      await page.getByText('您不是该社区的管理人员').waitFor();
      await expect(page.getByRole('button', { name: '导出' }).count()).resolves.toBe(0);
      if (path === '/records') await page.screenshot({ path: artifactPath('manage-refused.png') });
    }
    await context.close();
  });

  it('tells a refused export on the page instead of downloading an error', async () => {
    const { context, page } = await sessions.phone(DUTY);
    const records = new ManageRecordsPage(page);
    await records.openRecords(HOME);
    await records.rows.first().waitFor();
    // Removed from the staff between loading the list and exporting: the server answers JSON, not a file.
    await page.route('**/v1/userCard/list?export=1', (route) =>
      route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ code: 403, message: '您不是该社区的管理人员', data: null }) }),
    );
    let downloaded = false;
    page.on('download', () => (downloaded = true));
    await records.exportButton.click();
    await toast(page, '您不是该社区的管理人员').waitFor();
    expect(downloaded).toBe(false);
    await context.close();
  });
});
