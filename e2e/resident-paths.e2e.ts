import { describe, expect, it } from 'vitest';
import { artifactPath } from './support/browser';
import { PassPage } from './pages/pass-page';
import { usePhoneHarness } from './support/phone-harness';

/**
 * A logged-in resident who opens pages without the community in the link (a link shared without
 * it, a page opened after a correction, a new phone with nothing remembered): each page is about
 * the person's own community, and the community home leads to the pass and the registration.
 */
const RESIDENT = '13800000004'; // joined 望京花园西区 (DEMO000001) in the demo data

const env = usePhoneHarness();

describe('pages without the community in their link', () => {
  it('fall back to the account’s community: 社区信息, 周边 within 1000 m, 邻友 and the pass', async () => {
    const { context, page } = await env.phones.phone(RESIDENT);

    await page.goto('/sqmsg');
    await page.getByRole('heading', { name: '望京花园西区' }).waitFor();
    await expect(page.getByText('请先在首页选择社区').count()).resolves.toBe(0);

    // No point in the link and no location allowed: the places around the community.
    await page.goto('/around?type=5');
    const first = page.locator('.sq-around-item').first();
    await first.waitFor();
    const distances = await page.locator('.sq-around-distance').allTextContents();
    expect(distances.length).toBeGreaterThan(0);
    // Within the spec's radius: metres, never km.
    for (const d of distances) expect(d).toMatch(/^\d{1,3}m$/);
    await page.screenshot({ path: artifactPath('around-fallback.png') });

    await page.goto('/sqroom');
    await page.getByRole('list', { name: '邻友' }).waitFor();

    const pass = new PassPage(page);
    await page.goto('/pcheck?state=1');
    await pass.qr.waitFor();
    await context.close();
  });

  it('the community home leads a resident to the pass and to the registration form', async () => {
    const { context, page } = await env.phones.phone(RESIDENT);
    await page.goto('/?poiId=DEMO000001');
    const entry = page.getByRole('region', { name: '出入通行证' });
    await entry.waitFor();
    await page.screenshot({ path: artifactPath('home-pass-entry.png') });
    for (const name of ['我的通行证', '出入登记']) {
      const box = await entry.getByRole('link', { name }).boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(44);
    }
    await entry.getByRole('link', { name: '我的通行证' }).click();
    await page.waitForURL((u) => u.pathname === '/pcheck' && u.searchParams.get('poiId') === 'DEMO000001');
    await new PassPage(page).qr.waitFor();
    await page.goBack();
    await entry.getByRole('link', { name: '出入登记' }).click();
    await page.waitForURL((u) => u.pathname === '/addmsg' && u.searchParams.get('poiId') === 'DEMO000001');
    await page.getByText('我的登记').or(page.getByRole('button', { name: '提交登记' })).first().waitFor();
    await context.close();
  });
});

describe('技术支持 on a deployment that configured no contacts', () => {
  it('shows no made-up number, and says whom to ask instead', async () => {
    const { context, page } = await env.phones.phone(RESIDENT);
    await page.goto('/support');
    await page.getByText('暂未设置技术支持联系方式').waitFor();
    await expect(page.locator('a[href^="tel:"]').count()).resolves.toBe(0);
    await expect(page.getByRole('img', { name: '技术支持微信二维码' }).count()).resolves.toBe(0);
    await context.close();
  });
});

describe('社区服务 on the community home', () => {
  it('shows the ten categories with icons, each leading to that kind of place nearby', async () => {
    const { context, page } = await env.phones.phone(RESIDENT);
    await page.goto('/?poiId=DEMO000001');
    const grid = page.getByRole('navigation', { name: '社区服务' });
    await grid.waitFor();
    const labels = await grid.getByRole('link').allTextContents();
    expect(labels).toEqual(['游乐场', '美食', '温泉住宿', '水果', '会员卡', '兴趣班', '亲子活动', '母婴', '早教', '生活服务']);
    await expect(grid.locator('svg').count()).resolves.toBe(10);
    for (const link of await grid.getByRole('link').all()) {
      const box = (await link.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.width).toBeGreaterThanOrEqual(44);
    }
    await grid.scrollIntoViewIfNeeded();
    await page.screenshot({ path: artifactPath('home-services.png') });

    await grid.getByRole('link', { name: '早教' }).click();
    await page.waitForURL((u) => u.pathname === '/around' && u.searchParams.get('service') === 'earlyEducation');
    await page.locator('.sq-page-header', { hasText: '早教中心' }).waitFor();
    await page.locator('.sq-around-name').first().waitFor();
    const names = await page.locator('.sq-around-name').allTextContents();
    expect(names.length).toBeGreaterThan(0);
    for (const n of names) expect(/早教|托育/.test(n)).toBe(true);
    await page.screenshot({ path: artifactPath('services-early-education.png') });
    await context.close();
  });
});
