import type { BrowserContext, Page } from 'playwright-core';
import { MAIN_SCREENS } from './main-screens';
import { phoneContext } from './browser';
import type { PhoneHarness } from './phone-harness';

export { MAIN_SCREENS };

/** The demo resident the logged-in screens are opened as. */
const RESIDENT = '13800000004';

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
