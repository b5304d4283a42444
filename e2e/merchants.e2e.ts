import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { artifactPath } from './support/browser';
import { usePhoneHarness } from './support/phone-harness';

const HOME = 'DEMO000001';
const ADMIN = '13800000001'; // administrator of 望京花园西区
const RESIDENT = '13800000004';
const OWNER = '13700000301';
const NAME = '望京花艺小铺';
const h = usePhoneHarness();

// A light 1×1 PNG standing in for AMap's tiles (as residents.e2e.ts): this machine has no internet.
const TILE = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP4+/fvfwAJkAPRJ4nzgQAAAABJRU5ErkJggg==', 'base64');
const photo = (r: number) => sharp({ create: { width: 640, height: 480, channels: 3, background: { r, g: 160, b: 90 } } }).png().toBuffer();

describe('周边商家 (/business, /bussiness)', () => {
  it('a shop applies in the browser, the community administrator approves it, a resident finds it under its category', async () => {
    // The owner joined 望京花园西区 as their community (photos are uploaded in it).
    expect((await h.phones.api(OWNER, '/v1/mobile/community/edit', { poiId: HOME, join: 1 })).code).toBe(200);
    const { page, context } = await h.phones.phone(OWNER);
    await context.route(/is\.autonavi\.com/, (route) => route.fulfill({ contentType: 'image/png', body: TILE }));
    await page.goto(`/business?poiId=${HOME}`);
    const form = page.getByRole('region', { name: '商家入驻申请' });
    await form.waitFor();
    await page.getByLabel('店铺名称').fill(NAME);
    await form.getByText('生活服务', { exact: true }).click();
    await page.getByLabel('店铺介绍（选填）').fill('鲜花绿植，节日花束预订。');
    await page.getByLabel('店铺电话').fill('010-64702222');
    await page.getByLabel('统一社会信用代码').fill('91110000600037341K');
    // The map picker, and back with the draft kept.
    await page.getByRole('button', { name: '在地图上选择' }).click();
    await page.waitForURL((u) => u.pathname === '/map');
    const map = page.getByRole('application', { name: '地图，点击选择位置' });
    await map.waitFor();
    const box = (await map.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2 + 15, box.y + box.height / 2 + 10);
    await page.getByTestId('picked-address').filter({ hasText: '望京' }).waitFor();
    await page.getByRole('button', { name: '确定' }).click();
    await page.waitForURL((u) => u.pathname === '/business' && !u.searchParams.has('lng'));
    await expect(page.getByTestId('mc-location').textContent()).resolves.toContain('已选择');
    await expect(page.getByLabel('店铺名称').inputValue()).resolves.toBe(NAME);
    await page.getByLabel('详细地址').fill('广顺南大街22号');
    await page.getByLabel('添加店铺照片').setInputFiles({ name: 'shop.png', mimeType: 'image/png', buffer: await photo(200) });
    await expect.poll(() => form.getByAltText('店铺照片').count(), { timeout: 20_000 }).toBe(1);
    await page.getByLabel('上传营业执照照片').setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: await photo(30) });
    await form.getByAltText('营业执照').waitFor({ timeout: 20_000 });
    await page.screenshot({ path: artifactPath('business-apply.png'), fullPage: true });
    // A wrong check digit is refused in words before anything is sent.
    await page.getByRole('button', { name: '提交申请' }).click();
    await page.getByText('统一社会信用代码不正确').first().waitFor();
    await page.getByLabel('统一社会信用代码').fill('91110000600037341L');
    await page.getByRole('button', { name: '提交申请' }).click();
    const progress = page.getByRole('region', { name: '各社区审核进度' });
    await progress.getByText('望京花园西区').waitFor();
    await expect(progress.textContent()).resolves.toContain('审核中');
    await page.screenshot({ path: artifactPath('business-centre.png'), fullPage: true });

    // The community's administrator approves it for 望京花园西区 in the 商家审核 tab.
    const admin = (await h.phones.phone(ADMIN)).page;
    await admin.goto(`/business?poiId=${HOME}`);
    await admin.getByRole('tab', { name: /商家审核/ }).click();
    const entry = admin.getByRole('region', { name: `审核 ${NAME}` });
    await entry.waitFor();
    await admin.screenshot({ path: artifactPath('business-review.png'), fullPage: true });
    await entry.locator('.mc-status', { hasText: '望京花园西区' }).getByRole('button', { name: '通过' }).click();
    await admin.getByRole('region', { name: '审核记录' }).getByText(NAME).first().waitFor();
    await page.reload();
    await page.getByRole('region', { name: '各社区审核进度' }).locator('.mc-status', { hasText: '望京花园西区' }).getByText('已通过').waitFor();

    // A resident of 望京花园西区 finds it from the 生活服务 category.
    const resident = (await h.phones.phone(RESIDENT)).page;
    await resident.goto(`/around?service=lifeServices&poiId=${HOME}`);
    await resident.getByRole('link', { name: /本社区认证的生活服务商家/ }).click();
    await resident.waitForURL((u) => u.pathname === '/bussiness' && u.searchParams.get('category') === 'lifeServices');
    await resident.getByRole('link', { name: new RegExp(NAME) }).waitFor();
    await resident.screenshot({ path: artifactPath('merchant-list.png'), fullPage: true });
    await resident.getByRole('link', { name: new RegExp(NAME) }).click();
    await resident.getByRole('heading', { name: NAME }).waitFor();
    await resident.getByRole('link', { name: /拨打电话/ }).waitFor();
    expect(await resident.getByAltText('营业执照').count()).toBe(0);
    await resident.screenshot({ path: artifactPath('merchant-page.png'), fullPage: true });
  });
});
