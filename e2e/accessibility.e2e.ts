import { describe, expect, it } from 'vitest';
import { DEMO_POLL_IDS } from '@sq/server/seed/demo-polls';
import { seriousViolations } from './support/axe';
import { artifactPath, phoneContext } from './support/browser';
import { usePhoneHarness } from './support/phone-harness';

const RESIDENT = '13800000004';
const h = usePhoneHarness();

/** The screens a resident opens most: each must have no serious or critical axe-core violation. */
const SCREENS: { path: string; ready: string; loggedIn: boolean }[] = [
  { path: '/login', ready: '获取验证码', loggedIn: false },
  { path: '/', ready: '望京花园西区', loggedIn: true },
  { path: '/pcheck?poiId=DEMO000001', ready: '陈明', loggedIn: true },
  { path: `/chiocevote?id=${DEMO_POLL_IDS.playground}`, ready: '儿童游乐区改造方案投票', loggedIn: true },
  { path: '/addmsg?poiId=DEMO000001', ready: '我的登记', loggedIn: true },
  { path: '/mydata?poiId=DEMO000001', ready: '谁查看或导出过', loggedIn: true },
  { path: '/privacy?poiId=DEMO000001', ready: '保存期限', loggedIn: false },
];

describe('accessibility (axe-core, WCAG 2.1 AA)', () => {
  for (const screen of SCREENS) {
    it(`finds no serious or critical problem on ${screen.path}`, async () => {
      const { context, page } = screen.loggedIn ? await h.phones.phone(RESIDENT) : await (async () => {
        const c = await phoneContext(h.browser, h.server.origin);
        return { context: c, page: await c.newPage() };
      })();
      await page.goto(screen.path);
      await page.getByText(screen.ready).first().waitFor();
      // Animations (toasts, skeletons) settle before the page is judged.
      await page.waitForTimeout(500);
      const violations = await seriousViolations(page);
      expect(violations, JSON.stringify(violations)).toEqual([]);
      await page.screenshot({ path: artifactPath(`a11y${screen.path.split('?')[0]!.replaceAll('/', '-') || '-home'}.png`) });
      await context.close();
    });
  }
});
