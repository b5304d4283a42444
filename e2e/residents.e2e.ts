import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { distanceMetres, formatDistance, gcj02ToWgs84 } from '@sq/contract/map/geo';
import { PLACE_TYPES } from '@sq/contract/map/place-types';
import { DEMO_CENTRE, PLACE_OFFSETS } from '@sq/server/seed/demo-data';
import { startListeningApp, type ListeningApp } from '@sq/server/test/support/listening-app';
import { artifactPath, launchBrowser, phoneContext } from './support/browser';
import { LoginPage } from './pages/login-page';
import { CorrectionForm, MapPicker } from './pages/residents-forms';
import { ResidentsHome } from './pages/residents-home';

let server: ListeningApp;
let browser: Browser;
const contexts: BrowserContext[] = [];
let problems: string[] = [];
/** Console errors a test expects (e.g. tiles failing offline); anything else is a defect. */
let tolerated: RegExp | null = null;

// A light 1×1 PNG standing in for AMap's tiles: this machine has no internet.
const TILE = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP4+/fvfwAJkAPRJ4nzgQAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  [server, browser] = await Promise.all([startListeningApp(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
  expect(problems).toEqual([]);
  problems = [];
  tolerated = null;
});

/** A phone at the demo centre: the browser reports WGS-84, which the app converts to GCJ-02. */
async function phone(opts: { located?: boolean } = {}): Promise<Page> {
  const context = await phoneContext(browser, server.origin);
  contexts.push(context);
  if (opts.located !== false) {
    const wgs = gcj02ToWgs84(DEMO_CENTRE);
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ longitude: wgs.lng, latitude: wgs.lat });
  }
  await context.route(/is\.autonavi\.com/, (route) => route.fulfill({ contentType: 'image/png', body: TILE }));
  const page = await context.newPage();
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() !== 'error' || /status of 4\d\d/.test(m.text()) || tolerated?.test(m.text())) return;
    problems.push(`console: ${m.text()}`);
  });
  return page;
}

const shot = (page: Page, name: string) => page.screenshot({ path: artifactPath(`residents-${name}.png`), fullPage: false });

describe('a new resident', () => {
  it('picks a nearby community, sees its contacts on both tabs, and gets a correction reviewed', async () => {
    const page = await phone();
    const home = new ResidentsHome(page);
    await page.goto('/');
    await page.getByText('您还没有选择社区').waitFor();
    await expect(home.status.textContent()).resolves.toBe('未登录');
    await page.getByRole('button', { name: '选择社区' }).click();

    // The chooser lists communities within 1000 m, nearest first; 利泽西园 (1.9 km) is not among them.
    await page.getByRole('heading', { name: '选择您所在小区/社区' }).waitFor();
    const nearby = page.locator('.sq-community-list .adm-list-item');
    await nearby.first().waitFor();
    await expect(nearby.allInnerTexts()).resolves.toEqual([
      expect.stringMatching(/^望京花园西区[\s\S]*0m$/),
      expect.stringMatching(/^花家地北里[\s\S]*770m$/),
      expect.stringMatching(/^南湖西园[\s\S]*9\d\dm$/),
    ]);
    await expect(page.getByRole('button', { name: '关闭' }).count()).resolves.toBe(0);
    await shot(page, 'chooser');
    await nearby.first().click();

    await page.waitForURL((url) => url.pathname === '/');
    await home.communityName.filter({ hasText: '望京花园西区' }).waitFor();
    await home.entry('望京花园物业服务中心').waitFor();
    await expect(home.entry('望京花园物业服务中心').getByRole('link', { name: '010-64701234' }).getAttribute('href')).resolves.toBe('tel:010-64701234');
    await page.getByText('我已经到底了...').waitFor();
    await expect(page.getByRole('img', { name: '望京花园西区位置地图' }).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).resolves.toBe(true);
    await shot(page, 'home');
    await home.tab('街道').click();
    await home.entry('望京街道办事处').waitFor();
    await shot(page, 'home-street');
    await home.tab('社区').click();

    // Correcting needs a login, then membership: the popup invites the user to join.
    await home.correct('望京花园物业服务中心');
    await page.waitForURL((url) => url.pathname === '/quickLogin');
    await new LoginPage(page).logIn('13700009001');
    await page.waitForURL((url) => url.pathname === '/');
    await home.correct('望京花园物业服务中心');
    await page.getByText('您还没有加入「望京花园西区」').waitFor();
    await shot(page, 'join-popup');
    await page.getByRole('button', { name: '加入社区' }).click();

    await page.waitForURL((url) => url.pathname === '/errcon');
    const form = new CorrectionForm(page);
    await expect(form.phone.inputValue()).resolves.toBe('010-64701234');
    await expect(form.submit.getAttribute('aria-disabled')).resolves.toBe('true');
    // It only looks disabled: a tap explains why nothing is sent.
    // The join popup fades out over the form; a tap before it is gone lands on its mask.
    await page.locator('.adm-dialog').waitFor({ state: 'detached' });
    await form.submit.tap({ force: true });
    await home.toast('信息没有变化').waitFor();
    await form.phone.fill('010-64701299');
    await expect(form.submit.getAttribute('aria-disabled')).resolves.toBe('false');
    await shot(page, 'errcon');

    // The draft survives the trip to the map picker.
    await form.mapLocation.click();
    await page.waitForURL((url) => url.pathname === '/map');
    const picker = new MapPicker(page);
    await picker.map.waitFor();
    await picker.search.fill('');
    await page.getByRole('button', { name: '搜索' }).click();
    await home.toast('请输入要搜索的内容').waitFor();
    const box = (await picker.map.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2 + 20, box.y + box.height / 2 - 20);
    await page.getByTestId('picked-address').filter({ hasText: '望京花园西区' }).waitFor();
    await shot(page, 'map');
    await picker.confirm.click();
    await page.waitForURL((url) => url.pathname === '/errcon');
    await expect(form.phone.inputValue()).resolves.toBe('010-64701299');
    await expect(form.mapLocation.textContent()).resolves.toContain('望京花园西区');
    await form.submit.click();
    await page.getByText('将尽快审核').waitFor();
    await shot(page, 'submitted');
    await page.getByRole('button', { name: '确定' }).click();

    await page.waitForURL((url) => url.pathname === '/sqmsg' && url.searchParams.has('id'));
    const mine = page.locator('.sq-submission-highlight');
    await expect(mine.locator('.sq-status').textContent()).resolves.toBe('待审核');
    await expect(mine.textContent()).resolves.toContain('010-64701299');
    await shot(page, 'sqmsg');

    // Pending: the home page still shows the old number.
    await page.goto('/');
    await expect(home.entry('望京花园物业服务中心').getByRole('link').first().textContent()).resolves.toBe('010-64701234');

    // The duty staff member of this community accepts it.
    const staffPage = await phone();
    await staffPage.goto('/login');
    await new LoginPage(staffPage).logIn('13800000003');
    await staffPage.waitForURL((url) => url.pathname === '/');
    await staffPage.goto('/?poiId=DEMO000001');
    await staffPage.getByRole('link', { name: /有 1 条信息待审核/ }).click();
    const item = staffPage.locator('.sq-review-item').filter({ hasText: '010-64701299' });
    // Side by side: the row that changed shows the old and the new number.
    await expect(item.locator('.sq-submission-changed').filter({ hasText: '电话' }).textContent()).resolves.toBe('电话010-64701234010-64701299');
    await expect(item.locator('.sq-submission-changed').count()).resolves.toBe(2);
    await shot(staffPage, 'review');
    await item.getByRole('button', { name: '采纳', exact: true }).click();
    await staffPage.locator('.adm-dialog').getByRole('button', { name: '采纳', exact: true }).click();
    await staffPage.getByText('暂无待审核的信息').waitFor();

    // The resident sees the change, and their submission as accepted.
    await page.reload();
    await home.entry('望京花园物业服务中心').getByRole('link', { name: '010-64701299' }).waitFor();
    await page.goto('/sqmsg');
    await page.locator('.sq-status').filter({ hasText: '已采纳' }).first().waitFor();
  });

  it('shows the pending categories of an empty community, and the search finds far communities', async () => {
    const page = await phone();
    await page.goto('/?poiId=DEMO000003');
    await page.getByText('这里空空如也~').waitFor();
    for (const name of ['物业', '居委会', '其他']) await page.locator('.sq-info-pending-row').filter({ hasText: name }).getByText('待补充').waitFor();
    await shot(page, 'home-empty');

    await page.locator('.sq-home-switch').click();
    await page.getByRole('button', { name: '关闭' }).waitFor();
    await page.getByRole('button', { name: '搜索小区/社区名称' }).click();
    await page.waitForURL((url) => url.pathname === '/search');
    const input = page.getByRole('searchbox', { name: '小区/社区名称' });
    await input.fill('利泽');
    await input.press('Enter');
    await page.locator('.sq-community-list').getByText('利泽西园').waitFor();
    await shot(page, 'search');
    await page.getByRole('button', { name: '取消' }).click();
    await page.waitForURL((url) => url.pathname === '/chiocesq');
    await page.getByRole('button', { name: '搜索小区/社区名称' }).click();
    await input.fill('利泽');
    await input.press('Enter');
    await page.locator('.sq-community-list').getByText('利泽西园').click();
    await page.waitForURL((url) => url.pathname === '/');
    await new ResidentsHome(page).communityName.filter({ hasText: '利泽西园' }).waitFor();
  });

  it('asks for the location permission when it is refused', async () => {
    const page = await phone({ located: false });
    await page.goto('/chiocesq');
    await new ResidentsHome(page).toast('请开启定位权限').waitFor();
    await page.getByText('无法获取您的位置').waitFor();
  });
});

describe('neighbours and nearby places', () => {
  it('shows the neighbours grid with the invite tile and the link to all of them', async () => {
    const page = await phone();
    await page.goto('/sqroom?poiid=DEMO000001');
    await page.getByText(/共 \d+ 位邻友/).waitFor();
    const cells = page.locator('.sq-nb-grid .sq-nb-cell');
    await expect(cells.count()).resolves.toBe(24);
    await expect(cells.last().textContent()).resolves.toBe('邀请邻居');
    await shot(page, 'neighbours');
    await page.getByRole('link', { name: '查看全部社区邻友' }).click();
    await page.waitForURL((url) => url.searchParams.get('all') === '1');
    await expect.poll(() => cells.count()).toBeGreaterThan(24);
  });

  it('lists every nearby category with its title and correctly formatted distances', async () => {
    const page = await phone();
    const home = new ResidentsHome(page);
    await page.goto('/?poiId=DEMO000001');
    for (const [type, meta] of Object.entries(PLACE_TYPES)) {
      await home.shortcut(meta.label).click();
      await page.getByText(meta.title).first().waitFor();
      await expect(page.title()).resolves.toContain(meta.title);
      const expected = PLACE_OFFSETS.map(([dLng, dLat]) =>
        formatDistance(distanceMetres(DEMO_CENTRE, { lng: DEMO_CENTRE.lng + dLng!, lat: DEMO_CENTRE.lat + dLat! })),
      );
      await page.getByText('我已经到底了...').waitFor();
      await expect(page.getByTestId('distance').allTextContents()).resolves.toEqual(expected);
      await expect(page.getByRole('link', { name: '去这里' }).count()).resolves.toBe(4);
      await expect(page.getByRole('link', { name: '电话' }).first().getAttribute('href')).resolves.toMatch(/^tel:010-/);
      if (type === '5') await shot(page, 'nearby-food');
      await page.goBack();
    }
    // Within the spec's 1000 m radius every distance is in metres (km formatting: geo.test.ts).
    await home.shortcut('银行').click();
    await page.getByTestId('distance').first().waitFor();
    for (const d of await page.getByTestId('distance').allTextContents()) expect(d).toMatch(/^\d{1,3}m$/);
    await page.getByRole('article').first().click();
    await page.waitForURL((url) => url.pathname === '/adetail');
    await page.getByText('1/2').waitFor();
    await page.getByText('共 2 张照片').waitFor();
    await expect(page.locator('.sq-adetail-photo').first().evaluate((img: HTMLImageElement) => img.naturalWidth > 0)).resolves.toBe(true);
    await shot(page, 'place-detail');
  });

  it('lists the street’s contacts at /jdlist', async () => {
    const page = await phone();
    await page.goto('/?poiId=DEMO000001');
    await new ResidentsHome(page).entry('望京花园物业服务中心').waitFor();
    await page.goto('/jdlist?sid=DEMO-ST-001');
    await page.getByRole('article', { name: '望京街道办事处' }).waitFor();
    await expect(page.title()).resolves.toContain('望京街道');
  });

  it('still picks a point when no tiles load', async () => {
    tolerated = /net::ERR_/;
    const page = await phone();
    await page.context().route(/is\.autonavi\.com/, (route) => route.abort('internetdisconnected'));
    await page.goto('/map?lng=116.4706&lat=39.9935&title=%E7%BA%A0%E9%94%99');
    const picker = new MapPicker(page);
    await page.getByText('地图底图暂时无法显示').waitFor();
    const box = (await picker.map.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await picker.address.filter({ hasText: '北京市朝阳区' }).waitFor();
  });
});
