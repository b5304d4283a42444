import { describe, expect, it } from 'vitest';
import { artifactPath } from './support/browser';
import { usePhoneHarness } from './support/phone-harness';
import { PassPage } from './pages/pass-page';

const RESIDENT = '13800000004';
const DUTY = '13800000003';
const POI = 'DEMO000001';

const h = usePhoneHarness();

/** With the network cut, the page's own requests fail as expected: only those are forgiven. */
const forgiveOffline = () => h.phones.problems.splice(0, h.phones.problems.length, ...h.phones.problems.filter((p) => !/ERR_INTERNET_DISCONNECTED/.test(p)));

describe('offline (installable app)', () => {
  it('is installable: a manifest with icons, and a service worker that takes the page', async () => {
    const manifest = await fetch(`${h.server.origin}/manifest.webmanifest`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    const m = (await manifest.json()) as { name: string; start_url: string; display: string; icons: { sizes: string; purpose?: string }[] };
    expect(m).toMatchObject({ name: '社区服务', start_url: '/pcheck', display: 'standalone' });
    expect(m.icons.map((i) => `${i.sizes}${i.purpose ? ` ${i.purpose}` : ''}`)).toEqual(['192x192', '512x512', '512x512 maskable']);
    for (const icon of ['/icons/icon-192.png', '/icons/icon-512.png', '/icons/maskable-512.png']) expect((await fetch(h.server.origin + icon)).status).toBe(200);
    expect((await fetch(`${h.server.origin}/sw.js`)).headers.get('cache-control')).toBe('no-cache');
  });

  it('reopens the pass page with no network: a current rotating code, marked offline, that opens the gate', async () => {
    const { context, page } = await h.phones.phone(RESIDENT, undefined, 'allow');
    const pass = new PassPage(page);
    await pass.open(POI, 1);
    await pass.qr.waitFor();
    const shown = new URL(await pass.qrAddress());
    // The worker has taken the page and kept the app's files.
    await expect.poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active) && Boolean(navigator.serviceWorker.controller)), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => page.evaluate(async () => (await caches.keys()).some((k) => k.includes('precache'))), { timeout: 20_000 }).toBe(true);

    await context.setOffline(true);
    await page.reload();
    await pass.offline.waitFor();
    expect(await pass.offline.textContent()).toContain('离线');
    await page.getByTestId('pass-countdown').waitFor();
    const offline = new URL(await pass.qrAddress());
    expect([offline.pathname, offline.searchParams.get('poiId'), offline.searchParams.get('openId'), offline.searchParams.get('pass')]).toEqual([shown.pathname, POI, shown.searchParams.get('openId'), '1']);
    await page.screenshot({ path: artifactPath('pass-offline-reload.png') });

    // Opened afresh from the home screen (start_url), still with no network.
    const again = await context.newPage();
    await again.goto(`/pcheck?poiId=${POI}&state=1`);
    await new PassPage(again).offline.waitFor();
    const reopened = new URL(await new PassPage(again).qrAddress());
    await again.close();

    // The code made offline is one the gate takes; back online, the page learns of the scan.
    const code = reopened.searchParams.get('code')!;
    expect((await h.phones.api(DUTY, '/v1/userCard/userInfo', { poiId: POI, code })).code).toBe(200);
    await context.setOffline(false);
    await pass.scanned.getByText('欢迎回家').waitFor({ timeout: 10_000 });
    await context.close();
    forgiveOffline();
  });

  it('opens the duty staff’s screens with no network and says that it cannot check a pass then', async () => {
    const { context, page } = await h.phones.phone(DUTY, undefined, 'allow');
    await page.goto(`/mcenter?poiId=${POI}`);
    await page.getByText('登记记录').first().waitFor();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => page.evaluate(async () => (await caches.keys()).some((k) => k.includes('precache'))), { timeout: 20_000 }).toBe(true);
    await context.setOffline(true);
    await page.goto(`/xxdetail?poiId=${POI}&openId=x&code=abc&pass=1`);
    // The app opens (not the browser's "no internet" page) and says why nothing can be checked.
    await expect.poll(() => page.locator('#root').textContent(), { timeout: 10_000 }).toMatch(/网络/);
    await page.screenshot({ path: artifactPath('scanner-offline.png') });
    await context.setOffline(false);
    await context.close();
    forgiveOffline();
  });
});
