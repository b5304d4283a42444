import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { artifactPath } from './support/browser';
import { usePhoneHarness } from './support/phone-harness';
import { MAIN_SCREENS, openScreen } from './support/screens';
import { smallTargets, smallText } from './support/targets';

const RESIDENT = '13800000004';
const h = usePhoneHarness();

const shot = (path: string, mode: string) => artifactPath(`${mode}${path.split('?')[0]!.replaceAll('/', '-') || '-home'}.png`);

describe('tap targets and 长辈模式', () => {
  for (const screen of MAIN_SCREENS) {
    it(`has every tap target at least 44 × 44 px on ${screen.path}`, async () => {
      const { context, page } = await openScreen(h, screen);
      const small = await smallTargets(page, 44);
      expect(small, JSON.stringify(small)).toEqual([]);
      await context.close();
    });

    it(`in 长辈模式 has text ≥ 18 px, targets ≥ 60 × 60 px and no serious axe finding on ${screen.path}`, async () => {
      const { context, page } = await openScreen(h, screen, true);
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
