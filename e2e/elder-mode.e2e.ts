import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { DEMO_POLL_IDS } from '@sq/server/seed/demo-polls';
import { seriousViolations } from './support/axe';
import { artifactPath, phoneContext } from './support/browser';
import { usePhoneHarness } from './support/phone-harness';
import { smallTargets, smallText } from './support/targets';

const RESIDENT = '13800000004';
const h = usePhoneHarness();

/** The screens residents use, each with a text that says it has loaded. */
const SCREENS: { path: string; ready: string; loggedIn: boolean }[] = [
  { path: '/login', ready: '获取验证码', loggedIn: false },
  { path: '/', ready: '望京花园西区', loggedIn: true },
  { path: '/pcheck?poiId=DEMO000001', ready: '陈明', loggedIn: true },
  { path: '/addmsg?poiId=DEMO000001', ready: '我的登记', loggedIn: true },
  { path: `/chiocevote?id=${DEMO_POLL_IDS.playground}`, ready: '儿童游乐区改造方案投票', loggedIn: true },
  { path: '/mydata?poiId=DEMO000001', ready: '谁查看或导出过', loggedIn: true },
  { path: '/privacy?poiId=DEMO000001', ready: '保存期限', loggedIn: false },
  { path: '/support', ready: '技术支持', loggedIn: false },
];

async function open(screen: (typeof SCREENS)[number], elder: boolean): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = screen.loggedIn
    ? await h.phones.phone(RESIDENT)
    : await (async () => {
        const c = await phoneContext(h.browser, h.server.origin);
        return { context: c, page: await c.newPage() };
      })();
  if (elder) await context.addInitScript(() => localStorage.setItem('elderMode', '1'));
  await page.goto(screen.path);
  await page.getByText(screen.ready).first().waitFor();
  await page.waitForTimeout(500);
  return { context, page };
}

const shot = (path: string, mode: string) => artifactPath(`${mode}${path.split('?')[0]!.replaceAll('/', '-') || '-home'}.png`);

describe('tap targets and 长辈模式', () => {
  for (const screen of SCREENS) {
    it(`has every tap target at least 44 × 44 px on ${screen.path}`, async () => {
      const { context, page } = await open(screen, false);
      const small = await smallTargets(page, 44);
      expect(small, JSON.stringify(small)).toEqual([]);
      await context.close();
    });

    it(`in 长辈模式 has text ≥ 18 px, targets ≥ 60 × 60 px and no serious axe finding on ${screen.path}`, async () => {
      const { context, page } = await open(screen, true);
      await expect(page.evaluate(() => document.documentElement.dataset.elder)).resolves.toBe('1');
      const text = await smallText(page, 18);
      expect(text, JSON.stringify(text)).toEqual([]);
      const small = await smallTargets(page, 60);
      expect(small, JSON.stringify(small)).toEqual([]);
      const violations = await seriousViolations(page);
      expect(violations, JSON.stringify(violations)).toEqual([]);
      await page.screenshot({ path: shot(screen.path, 'elder'), fullPage: true });
      await context.close();
    });
  }

  it('shows the pass with the QR and the name only, and follows the native shell’s wish until the person chooses', async () => {
    const { context, page } = await h.phones.phone(RESIDENT);
    // An iOS shell set up for older people says so before the page loads.
    await context.addInitScript(() => ((window as unknown as { sqElderMode: boolean }).sqElderMode = true));
    await page.goto('/pcheck?poiId=DEMO000001');
    await page.getByRole('img', { name: '通行证二维码' }).waitFor();
    await expect(page.evaluate(() => document.documentElement.dataset.elder)).resolves.toBe('1');
    await expect(page.getByText('通行区域').isVisible()).resolves.toBe(false);
    await expect(page.getByLabel('当前时间').isVisible()).resolves.toBe(false);
    await expect(page.locator('.pass-name').textContent()).resolves.toBe('陈明');
    await page.screenshot({ path: artifactPath('elder-pass.png') });

    // The person turns it off on the pass page: their choice wins over the shell's from now on.
    await page.getByRole('switch', { name: '长辈模式' }).click();
    await expect(page.evaluate(() => document.documentElement.dataset.elder ?? null)).resolves.toBeNull();
    await page.getByText('通行区域').waitFor();
    await page.reload();
    await page.getByText('通行区域').waitFor();
    await expect(page.evaluate(() => document.documentElement.dataset.elder ?? null)).resolves.toBeNull();
    await context.close();
  });
});
