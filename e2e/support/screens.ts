import type { BrowserContext, Page } from 'playwright-core';
import { DEMO_POLL_IDS } from '@sq/server/seed/demo-polls';
import { phoneContext } from './browser';
import type { PhoneHarness } from './phone-harness';

/** The demo resident the logged-in screens are opened as. */
const RESIDENT = '13800000004';

/** The screens residents use most, each with a text that says it has loaded. */
export const MAIN_SCREENS: { path: string; ready: string; loggedIn: boolean }[] = [
  { path: '/login', ready: '获取验证码', loggedIn: false },
  { path: '/', ready: '望京花园西区', loggedIn: true },
  { path: '/pcheck?poiId=DEMO000001', ready: '陈明', loggedIn: true },
  { path: '/addmsg?poiId=DEMO000001', ready: '我的登记', loggedIn: true },
  { path: `/chiocevote?id=${DEMO_POLL_IDS.playground}`, ready: '儿童游乐区改造方案投票', loggedIn: true },
  { path: '/mydata?poiId=DEMO000001', ready: '谁查看或导出过', loggedIn: true },
  { path: '/notices', ready: '消息设置', loggedIn: true },
  { path: '/privacy?poiId=DEMO000001', ready: '保存期限', loggedIn: false },
  { path: '/support', ready: '技术支持', loggedIn: false },
  { path: '/vote?poiId=DEMO000001', ready: '儿童游乐区改造方案投票', loggedIn: true },
  // Ready once the round trips to the server have answered (the last of the checks to finish).
  { path: '/test', ready: '往返约', loggedIn: false },
];

/** Opens a screen on a phone (as the resident, or logged out), in 长辈模式 when asked, settled. */
export async function openScreen(h: PhoneHarness, screen: (typeof MAIN_SCREENS)[number], elder = false): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = screen.loggedIn
    ? await h.phones.phone(RESIDENT)
    : await (async () => {
        const c = await phoneContext(h.browser, h.server.origin);
        return { context: c, page: await c.newPage() };
      })();
  if (elder) await context.addInitScript(() => localStorage.setItem('elderMode', '1'));
  await page.goto(screen.path);
  await page.getByText(screen.ready).first().waitFor();
  // Animations (toasts, skeletons) settle before the page is judged.
  await page.waitForTimeout(500);
  return { context, page };
}
