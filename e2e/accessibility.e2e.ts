import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { artifactPath } from './support/browser';
import { usePhoneHarness } from './support/phone-harness';
import { MAIN_SCREENS, openScreen } from './support/screens';

const h = usePhoneHarness();

/** The screens a resident opens most: each must have no serious or critical axe-core violation (长辈模式: elder-mode.e2e.ts). */
describe('accessibility (axe-core, WCAG 2.1 AA)', () => {
  for (const screen of MAIN_SCREENS) {
    it(`finds no serious or critical problem on ${screen.path}`, async () => {
      const { context, page } = await openScreen(h, screen);
      const violations = await seriousViolations(page);
      expect(violations, JSON.stringify(violations)).toEqual([]);
      await page.screenshot({ path: artifactPath(`a11y${screen.path.split('?')[0]!.replaceAll('/', '-') || '-home'}.png`) });
      await context.close();
    });
  }
});
