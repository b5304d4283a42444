import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { artifactPath } from './support/browser';
import { usePhoneHarness } from './support/phone-harness';
import { PassDetailPage } from './pages/pass-detail-page';
import { PassPage } from './pages/pass-page';
import { parsePassCode } from '@sq/contract/pass/rotating-code';
import { REENTRY_DEFAULT_MINUTES } from '@sq/contract/pass/gate-settings';

const RESIDENT = '13800000004';
const DUTY = '13800000003';
const MANAGER = '13800000002';
const POI = 'DEMO000001';

const h = usePhoneHarness();

const codeOf = (address: string) => new URL(address).searchParams.get('code') ?? '';
/** @noble/curves' Ed25519, which the page fetches only in a browser without its own. */
const NOBLE = /\/assets\/ed25519-[\w-]+\.js$/;

/** Opens the pass, recording what the page fetches, until it shows a code signed with the phone's own key. */
async function openSignedPass(page: Page) {
  const fetched: string[] = [];
  page.on('request', (r) => fetched.push(r.url()));
  const pass = new PassPage(page);
  await pass.open(POI, 1);
  await pass.qr.waitFor();
  await expect.poll(async () => parsePassCode(codeOf(await pass.qrAddress()))?.signed, { timeout: 10_000 }).toBe(true);
  return { pass, fetched };
}

describe('the rotating pass (issue 13)', () => {
  it('renews its code by itself with a countdown; a screenshot older than its window is refused at the gate', async () => {
    const { page } = await h.phones.phone(RESIDENT);
    const pass = new PassPage(page);
    await pass.open(POI, 1);
    await pass.qr.waitFor();
    const countdown = page.getByTestId('pass-countdown');
    await expect(countdown.textContent()).resolves.toMatch(/^二维码 \d{1,2} 秒后自动更新$/);
    await page.screenshot({ path: artifactPath('pass-rotating.png') });

    // The next step comes on its own: a new code in the QR, the countdown starting again.
    const first = await pass.qrAddress();
    await expect.poll(() => pass.qrAddress(), { timeout: 32_000, interval: 500 }).not.toBe(first);
    const second = await pass.qrAddress();
    expect(new URL(second).searchParams.get('poiId')).toBe(POI);
    expect(codeOf(second)).not.toBe(codeOf(first));

    // The person keeps a screenshot; 75 s pass at the gate (its clock moves on).
    const screenshot = second;
    h.server.shiftClock(75_000);
    const duty = await h.phones.phone(DUTY);
    await duty.page.goto(new URL(screenshot).pathname + new URL(screenshot).search);
    await duty.page.getByText('该通行码已过期，请让对方刷新通行证').waitFor();
    await duty.page.screenshot({ path: artifactPath('scan-screenshot-refused.png') });

    // The phone's page learns its code is out of its window, re-reads the gate's clock and shows
    // a code that opens.
    await expect.poll(() => pass.qrAddress(), { timeout: 10_000 }).not.toBe(second);
    const fresh = await pass.qrAddress();
    await duty.page.goto(new URL(fresh).pathname + new URL(fresh).search);
    await new PassDetailPage(duty.page).scanBanner.waitFor();
    await pass.scanned.getByText('欢迎回家').waitFor({ timeout: 5000 });
    h.server.shiftClock(-75_000);
  });

  it('lets a code through once: the next scanner with the same picture is refused', async () => {
    const { page } = await h.phones.phone(RESIDENT);
    const pass = new PassPage(page);
    // Leaving: the first test used this minute's entry.
    await pass.open(POI, 2);
    await pass.qr.waitFor();
    const shown = await pass.qrAddress();
    expect((await h.phones.api(DUTY, '/v1/userCard/userInfo', { poiId: POI, code: codeOf(shown) })).code).toBe(200);
    await pass.scanned.getByText('一路平安').waitFor({ timeout: 5000 });
    // Another member of staff, a moment later, with a photo of the same QR.
    const manager = await h.phones.phone(MANAGER);
    await manager.page.goto(new URL(shown).pathname + new URL(shown).search);
    await manager.page.getByText('该通行码已使用，请让对方刷新通行证').waitFor();
  });

  it('signs its codes with the phone’s own key, which a manager replacing the community key (a lost duty phone) leaves working', async () => {
    // Past the windows the earlier tests' uses spent and their entries' re-entry window (the page counts on the server's clock).
    h.server.shiftClock((REENTRY_DEFAULT_MINUTES + 5) * 60_000);
    const { page } = await h.phones.phone(RESIDENT);
    // The phone made a key of its own and shows codes signed with it (what an offline scanner checks).
    const { pass, fetched } = await openSignedPass(page);
    // Made and signed by the browser's own Ed25519: the page never fetched a curve library of its own.
    expect(fetched.filter((url) => NOBLE.test(url))).toEqual([]);

    const manager = await h.phones.phone(MANAGER);
    await manager.page.goto(`/zqzmg?poiId=${POI}`);
    await manager.page.getByRole('button', { name: '更换核验密钥' }).click();
    await manager.page.getByRole('button', { name: '确定更换' }).click();
    await manager.page.getByText(/已更换/).waitFor();
    await manager.page.screenshot({ path: artifactPath('rotate-key.png'), fullPage: true });

    // The community key never reached the phone nor a scanner: the open pass's codes still open.
    const code = codeOf(await pass.qrAddress());
    expect(parsePassCode(code)?.signed).toBe(true);
    expect((await h.phones.api(DUTY, '/v1/userCard/userInfo', { poiId: POI, code })).code).toBe(200);
  });

  it('keeps the code’s place while its maker loads on a slow network, and draws the code without the worker too', async () => {
    const { page } = await h.phones.phone(RESIDENT);
    // The code maker's chunk arrives after the pass: the pass shows its status and an empty square
    // where the code will be, never a request to apply again.
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/assets\/rotating-qr-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    // And no worker can start (an old WebView): the page draws the code itself.
    await page.route(/\/assets\/qr-worker-[\w-]+\.js$/, (route) => route.abort('failed'));
    const pass = new PassPage(page);
    await pass.open(POI, 1);
    const square = page.getByRole('img', { name: '正在生成二维码' });
    await square.waitFor();
    await expect(page.locator('.pass-status-pill').textContent()).resolves.toBe('正常通行');
    await expect(page.getByText('请重新申请通行证').count()).resolves.toBe(0);
    // Kept waiting, the square says why it is empty (its words fade in after a moment).
    await page.waitForFunction(() => {
      const words = Array.from(document.querySelectorAll('[aria-label="正在生成二维码"] *')).find((e) => e.textContent === '二维码生成中…');
      return words !== undefined && getComputedStyle(words).opacity === '1';
    });
    const before = await square.boundingBox();
    const nameBefore = await page.locator('.pass-name').boundingBox();
    release();
    await pass.qr.waitFor();
    expect(codeOf(await pass.qrAddress())).not.toBe('');
    // Nothing moved when the code came.
    expect(await pass.qr.boundingBox()).toEqual(before);
    expect(await page.locator('.pass-name').boundingBox()).toEqual(nameBefore);
    await expect(square.count()).resolves.toBe(0);
  });

  it('in a browser without Ed25519 of its own (an old WebView), makes its key and signs its codes with noble, fetched then', async () => {
    // Past the re-entry window of the entry two tests ago.
    h.server.shiftClock((REENTRY_DEFAULT_MINUTES + 5) * 60_000);
    const { page } = await h.phones.phone(RESIDENT);
    await page.addInitScript(() => {
      // WebCrypto as an old WebView has it: no Ed25519 (the name is refused), the rest as it is.
      const subtle = crypto.subtle;
      for (const name of ['importKey', 'generateKey'] as const) {
        const own = subtle[name].bind(subtle) as (...args: unknown[]) => Promise<unknown>;
        Object.defineProperty(subtle, name, {
          value: (...args: unknown[]) => (JSON.stringify(args).includes('Ed25519') ? Promise.reject(new DOMException('Algorithm: Unrecognized name', 'NotSupportedError')) : own(...args)),
        });
      }
    });
    const { pass, fetched } = await openSignedPass(page);
    expect(fetched.filter((url) => NOBLE.test(url))).toHaveLength(1);
    // The gate takes it: the public half the phone registered checks noble's signature.
    expect((await h.phones.api(DUTY, '/v1/userCard/userInfo', { poiId: POI, code: codeOf(await pass.qrAddress()) })).code).toBe(200);
  });
});
