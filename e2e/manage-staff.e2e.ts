import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startListeningApp, type ListeningApp } from '@sq/server/test/support/listening-app';
import { artifactPath, launchBrowser } from './support/browser';
import { ManageCommunitiesPage } from './pages/manage-communities-page';
import { ManageGatePage } from './pages/manage-gate-page';
import { Phones, toast } from './support/phones';
import { ManageStaffPage } from './pages/manage-staff-page';

const ADMIN = '13800000001';
const MANAGER = '13800000002';
const DUTY = '13800000003';
const HOME = 'DEMO000001';
const SECOND = 'DEMO000002';

let server: ListeningApp;
let browser: Browser;
let sessions: Phones;

beforeAll(async () => {
  [server, browser] = await Promise.all([startListeningApp(), launchBrowser()]);
  sessions = new Phones(server, browser);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});
afterEach(() => {
  // A CSP violation or a script error is a defect even when the page still looks right.
  expect(sessions.problems).toEqual([]);
});

interface StaffList {
  isAdmin: number;
  managers: { username: string; level: number; deletable: boolean }[];
}

describe('小区列表 /gllist', () => {
  it('shows the administrator both communities with the counts of their lists, and filters by name on Enter', async () => {
    // The counts must agree with the lists they lead to.
    const expected = new Map<string, { registrations: number; logs: number }>();
    for (const poiId of [HOME, SECOND]) {
      const list = await sessions.api<{ status_0: number; status_1: number; status_2: number }>(ADMIN, '/v1/userCard/list', { poiId });
      const logs = await sessions.api<{ logs: unknown[] }>(ADMIN, '/v1/userCard/userLog', { poiId });
      expect(list.code).toBe(200);
      expected.set(poiId, { registrations: list.data.status_0 + list.data.status_1 + list.data.status_2, logs: logs.data.logs.length });
    }
    expect(expected.get(HOME)!.registrations).toBeGreaterThan(0);

    const { context, page } = await sessions.phone(ADMIN);
    const gl = new ManageCommunitiesPage(page);
    await gl.open();
    await gl.row('望京花园西区').waitFor();
    await expect(gl.rows.count()).resolves.toBe(2);
    await expect(gl.counts('望京花园西区')).resolves.toEqual(expected.get(HOME));
    await expect(gl.counts('花家地北里')).resolves.toEqual(expected.get(SECOND));
    await expect(gl.mobile.textContent()).resolves.toBe('138****0001');
    await expect(gl.privacy.isVisible()).resolves.toBe(true);
    // The table fits the phone: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: artifactPath('manage-gllist.png') });

    await gl.filter('花家地');
    await expect(gl.rows.count()).resolves.toBe(1);
    await gl.filter('不存在的小区');
    await gl.empty.waitFor();

    await gl.filter('');
    await gl.row('望京花园西区').getByRole('link', { name: '执勤者管理' }).click();
    await page.waitForURL((url) => url.pathname === '/zqzmg' && url.searchParams.get('poiId') === HOME);
    await context.close();
  });

  it('shows no data to someone who administers no community, and sends a dead session to log in', async () => {
    const duty = await sessions.phone(DUTY);
    const gl = new ManageCommunitiesPage(duty.page);
    await gl.open();
    await gl.empty.waitFor();
    await duty.context.close();

    const stale = await sessions.phone('13800000009', 'f'.repeat(64));
    await stale.page.goto('/gllist');
    await stale.page.waitForURL((url) => url.pathname === '/quickLogin' && url.searchParams.get('referer') === '/gllist');
    await stale.context.close();
  });
});

describe('执勤者管理 /zqzmg and /addnew', () => {
  it('lets the administrator add a community manager', async () => {
    const newManager = '13911110001';
    await sessions.token(newManager); // they must have logged in once
    const { context, page } = await sessions.phone(ADMIN);
    const staff = new ManageStaffPage(page);
    await staff.open(HOME);
    await staff.person('社区经理').first().waitFor();
    await staff.add.click();
    await page.waitForURL((url) => url.pathname === '/addnew' && url.searchParams.get('isAdmin') === '1');
    await staff.level('社区经理').click();
    await staff.fill('王经理', newManager);
    await page.screenshot({ path: artifactPath('manage-addnew-admin.png') });
    await staff.submit.click();
    await page.waitForURL((url) => url.pathname === '/zqzmg');
    await staff.person('王经理').getByText('社区经理').waitFor();
    await page.screenshot({ path: artifactPath('manage-zqzmg-admin.png') });
    await context.close();

    const list = await sessions.api<StaffList>(ADMIN, '/v1/communityManager', { poiId: HOME }, 'GET');
    expect(list.data.managers.find((m) => m.username === '王经理')?.level).toBe(1);
  });

  it('lets the manager add duty staff, with the form rules and the server refusals told in Chinese', async () => {
    const newDuty = '13911110002';
    await sessions.token(newDuty);
    const { context, page } = await sessions.phone(MANAGER);
    const staff = new ManageStaffPage(page);
    await staff.open(HOME);
    await staff.add.click();
    await page.waitForURL((url) => url.pathname === '/addnew' && url.searchParams.get('isAdmin') === '2');
    // Managers add duty staff only: no choice of level.
    await staff.name.waitFor();
    await expect(staff.level('社区经理').count()).resolves.toBe(0);

    await staff.submit.click();
    await toast(page, '请输入执勤者姓名').waitFor();
    await staff.name.fill('李执勤');
    await staff.submit.click();
    await toast(page, '请输入手机号').waitFor();
    await staff.mobile.fill('1391111');
    await staff.submit.click();
    await toast(page, '请输入正确的手机号').waitFor();
    // A number that never logged in cannot be added.
    await staff.mobile.fill('13911119999');
    await staff.submit.click();
    await toast(page, '该手机号尚未注册，请让对方先用此手机号登录一次').waitFor();
    expect(new URL(page.url()).pathname).toBe('/addnew');
    await page.screenshot({ path: artifactPath('manage-addnew.png') });

    await staff.mobile.fill(newDuty);
    await staff.submit.click();
    await page.waitForURL((url) => url.pathname === '/zqzmg');
    await staff.person('李执勤').getByText('执勤者').waitFor();
    await expect(staff.person('李执勤').textContent()).resolves.toContain('139****0002');

    // The same person twice is refused.
    await staff.add.click();
    await staff.fill('李执勤', newDuty);
    await staff.submit.click();
    await toast(page, '该用户已是本社区的管理人员').waitFor();
    await context.close();
  });

  it('deletes duty staff after a confirmation, and keeps the delete button from those who may not', async () => {
    const { context, page } = await sessions.phone(MANAGER);
    const staff = new ManageStaffPage(page);
    await staff.open(HOME);
    await staff.person('李执勤').waitFor();
    // A manager may not remove a manager (nor themself).
    await expect(staff.person('王经理').getByRole('button', { name: '删除' }).count()).resolves.toBe(0);
    // Cancelling keeps the person.
    await staff.person('李执勤').getByRole('button', { name: '删除' }).click();
    await page.locator('.adm-dialog').getByRole('button', { name: '取消' }).click();
    await expect(staff.person('李执勤').count()).resolves.toBe(1);

    await staff.remove('李执勤');
    await toast(page, '已删除').waitFor();
    await staff.person('李执勤').waitFor({ state: 'detached' });
    await context.close();

    const list = await sessions.api<StaffList>(MANAGER, '/v1/communityManager', { poiId: HOME }, 'GET');
    expect(list.data.managers.map((m) => m.username)).not.toContain('李执勤');

    const duty = await sessions.phone(DUTY);
    const dutyStaff = new ManageStaffPage(duty.page);
    await dutyStaff.open(HOME);
    await dutyStaff.person('社区经理').first().waitFor();
    await expect(duty.page.getByRole('button', { name: '删除' }).count()).resolves.toBe(0);
    await expect(dutyStaff.add.count()).resolves.toBe(0);
    await duty.page.screenshot({ path: artifactPath('manage-zqzmg-duty.png') });
    await duty.context.close();
  });

  it('refuses duty staff the staff list of another community with a clear page', async () => {
    const { context, page } = await sessions.phone(DUTY);
    await new ManageStaffPage(page).open(SECOND);
    await page.getByText('无权访问').waitFor();
    await page.getByText('您不是该社区的管理人员').waitFor();
    await context.close();
  });
});

describe('小区信息 /areamsg', () => {
  it('shows the entry and exit QR codes, downloads a PNG poster and prints an A4 poster', async () => {
    const { context, page } = await sessions.phone(DUTY);
    const gate = new ManageGatePage(page);
    await gate.open(HOME);
    await page.getByRole('heading', { name: '望京花园西区' }).waitFor();
    await expect(gate.qr('进门二维码').getAttribute('data-value')).resolves.toBe(`${server.origin}/pcheck?poiId=${HOME}&state=1`);
    await expect(gate.qr('出门二维码').getAttribute('data-value')).resolves.toBe(`${server.origin}/pcheck?poiId=${HOME}&state=2`);
    await page.screenshot({ path: artifactPath('manage-areamsg.png'), fullPage: true });

    const downloading = page.waitForEvent('download');
    await gate.button('出门二维码', '下载图片').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('望京花园西区-出门二维码.png');
    const png = fs.readFileSync((await download.path())!);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    fs.writeFileSync(artifactPath('manage-poster-exit.png'), png);

    // window.print() would open a dialog; record the call and look at the print layout instead.
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed++;
      };
    });
    await gate.button('进门二维码', '打印海报').click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    const poster = page.locator('.gp-poster[data-printing="true"]');
    await expect(poster.isVisible()).resolves.toBe(true);
    await expect(poster.textContent()).resolves.toContain('扫码进门');
    await expect(page.locator('main').isVisible()).resolves.toBe(false);
    await page.setViewportSize({ width: 794, height: 1123 });
    await page.screenshot({ path: artifactPath('manage-poster-entry-print.png') });
    // Exactly one A4 page: the poster alone, nothing of the screen around it.
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    expect(pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g)).toHaveLength(1);
    await page.emulateMedia({ media: 'screen' });
    // Duty staff read the gate rule, with nothing to change.
    await page.getByText(/登记进入后30分钟内，须先登记离开/).waitFor();
    expect(await page.getByRole('button', { name: '保存' }).count()).toBe(0);
    await context.close();
  });

  it('prints both posters, one A4 page each, from the browser’s own print menu', async () => {
    const { context, page } = await sessions.phone(MANAGER);
    const gate = new ManageGatePage(page);
    await gate.open(HOME);
    await page.getByRole('heading', { name: '望京花园西区' }).waitFor();
    await page.getByRole('region', { name: '门禁规则' }).waitFor();
    // No 打印海报 pressed: what the print menu (or Ctrl+P) puts on paper.
    await page.emulateMedia({ media: 'print' });
    const posters = page.locator('.gp-poster');
    await expect(posters.count()).resolves.toBe(2);
    for (const [i, action] of ['扫码进门', '扫码出门'].entries()) {
      await expect(posters.nth(i).isVisible()).resolves.toBe(true);
      await expect(posters.nth(i).textContent()).resolves.toContain(action);
    }
    // Each in its own colour, as on screen and in the PNG: green in, orange out.
    const bands = await page.locator('.gp-band').evaluateAll((els) => els.map((el) => getComputedStyle(el).backgroundColor));
    expect(bands).toEqual(['rgb(22, 163, 74)', 'rgb(234, 88, 12)']);
    // The screen around them stays off paper, the gate rule among it.
    await expect(page.locator('main').isVisible()).resolves.toBe(false);
    await expect(page.getByRole('region', { name: '门禁规则' }).isVisible()).resolves.toBe(false);
    await page.setViewportSize({ width: 794, height: 1123 });
    await page.screenshot({ path: artifactPath('manage-posters-print-menu.png'), fullPage: true });
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    fs.writeFileSync(artifactPath('manage-posters-print-menu.pdf'), pdf);
    expect(pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g)).toHaveLength(2);

    // 打印海报 prints its poster alone; after that print, the menu prints both again.
    await page.emulateMedia({ media: 'screen' });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.evaluate(() => {
      window.print = () => undefined;
    });
    await gate.button('出门二维码', '打印海报').click();
    await page.emulateMedia({ media: 'print' });
    await expect(posters.nth(0).isVisible()).resolves.toBe(false);
    await expect(posters.nth(1).isVisible()).resolves.toBe(true);
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    await page.locator('.gp-poster[data-printing="true"]').nth(1).waitFor();
    await expect(posters.nth(0).isVisible()).resolves.toBe(true);
    await page.emulateMedia({ media: 'screen' });
    await context.close();
  });

  it('lets the manager change the gate rule (re-entry window), told in words at once', async () => {
    const { context, page } = await sessions.phone(MANAGER);
    const gate = new ManageGatePage(page);
    await gate.open(HOME);
    const rules = page.getByRole('region', { name: '门禁规则' });
    await rules.getByText(/30分钟内/).waitFor();
    const minutes = rules.getByRole('spinbutton', { name: '再次进入间隔（分钟）' });
    await minutes.fill('1441');
    await rules.getByRole('button', { name: '保存' }).click();
    await toast(page, '再次进入的间隔需为0到1440之间的整数分钟（0为不限制）').waitFor();
    await minutes.fill('10');
    await rules.getByRole('button', { name: '保存' }).click();
    await rules.getByText(/登记进入后10分钟内，须先登记离开才能再次进入/).waitFor();
    await rules.scrollIntoViewIfNeeded();
    await page.screenshot({ path: artifactPath('manage-gate-rules.png') });
    expect((await sessions.api(MANAGER, '/v1/manage/gate/settings', { poiId: HOME }, 'GET')).data).toEqual({ reentryMinutes: 10, custom: true });
    await sessions.api(MANAGER, '/v1/manage/gate/settings', { poiId: HOME, reentryMinutes: 30 });
    await context.close();
  });
});
