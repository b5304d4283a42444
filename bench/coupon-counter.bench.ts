import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { holderCodeAt, newHolderKeyPair } from '@sq/contract/codes/holder-code';
import { WebRoute } from '@sq/contract/routes';
import { couponBatches, coupons, holderKeys, merchantCommunities, merchants, merchantStaff } from '@sq/server/db/schema';
import { launchWithCamera, phoneContext } from '../e2e/support/browser';
import { CAMERA, writeCameraVideo, type CameraScene } from '../e2e/support/fake-camera';
import type { BenchReport } from './report';
import { preparedDatabase } from './support/deployed-bench';
import { startDeployedApp } from './support/deployed';
import { createLoggedInUsers } from './support/sessions';

const HOME = 'DEMO000001';
const CUSTOMERS = 60;
/** Each customer holds the phone up for 0.7 s, then 0.5 s until the next one's (as the gate's rush hour). */
const HOLD_FRAMES = 7;
const GAP_FRAMES = 5;
/** Slow 4G as the gate's bench: 150 ms round trip. */
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const TARGET_P95_MS = 300;

/**
 * The counter's verdict (issue 35 "Done when": p95 ≤ 300 ms with the fake camera, as the gate's):
 * the clerk's /bs in Chromium whose fake camera plays 60 different customers' coupon codes (each
 * signed by its holder's own Ed25519 key, at the step it is shown in), under Slow 4G emulation,
 * against the app as deployed. Measured as rush-hour.bench.ts measures the gate: from the frame
 * the code appeared in to the verdict painted (`coupon-verdict`).
 */
export async function couponCounterBench(): Promise<BenchReport> {
  let clerkToken = '';
  let merchantId = '';
  const held: { couponId: string; kid: number; privateKey: string }[] = [];
  const store = await preparedDatabase(async ({ database, pii }) => {
    const db = database.db;
    const people = await createLoggedInUsers(db, pii, CUSTOMERS, 37);
    const [clerk] = await createLoggedInUsers(db, pii, 1, 38);
    clerkToken = clerk!.token;
    const [shop] = await db
      .insert(merchants)
      .values({ name: '楼下咖啡', category: 'food', address: '望京花园西区底商 3 号', lng: 116.47, lat: 39.99, hours: '08:00-22:00', phone: '010-64701234', licenceNo: '91110105MA01234567', licenceImage: { hash: 'a'.repeat(64), width: 10, height: 10, poiId: 'DEMO000001' }, radiusM: 3000, status: 'approved', ownerId: clerk!.userId })
      .returning({ id: merchants.id });
    merchantId = shop!.id;
    await db.insert(merchantStaff).values({ merchantId, userId: clerk!.userId, role: 'owner' });
    await db.insert(merchantCommunities).values({ merchantId, poiId: HOME, status: 'approved', distanceM: 300 });
    const now = Date.now();
    const [batch] = await db
      .insert(couponBatches)
      .values({ merchantId, title: '拿铁买一送一', kind: 'gift', item: '拿铁一杯', total: CUSTOMERS, claimed: CUSTOMERS, claimStartsAt: new Date(now - 3_600_000), claimEndsAt: new Date(now + 86_400_000), validDays: 7 })
      .returning({ id: couponBatches.id });
    const pairs = people.map(() => newHolderKeyPair());
    await db.insert(holderKeys).values(people.map((p, i) => ({ userId: p.userId, kid: 1, publicKey: pairs[i]!.publicKey })));
    const rows = await db
      .insert(coupons)
      .values(people.map((p) => ({ batchId: batch!.id, merchantId, userId: p.userId, poiId: HOME, validUntil: new Date(now + 7 * 86_400_000) })))
      .returning({ id: coupons.id, userId: coupons.userId });
    const keyOf = new Map(people.map((p, i) => [p.userId, pairs[i]!.privateKey]));
    for (const r of rows) held.push({ couponId: r.id, kid: 1, privateKey: keyOf.get(r.userId)! });
  });
  const app = await startDeployedApp(store.env);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-counter-'));
  try {
    const secondsPer = (HOLD_FRAMES + GAP_FRAMES) / CAMERA.fps;
    const startsAt = Date.now() + 6000;
    const scenes: CameraScene[] = [{ text: null, frames: GAP_FRAMES }];
    held.forEach((h, i) => {
      const code = holderCodeAt({ kid: h.kid, privateKey: h.privateKey }, 'coupon', h.couponId, startsAt + i * secondsPer * 1000).code;
      scenes.push({ text: code, frames: HOLD_FRAMES }, { text: null, frames: GAP_FRAMES });
    });
    scenes.push({ text: null, frames: 60 });
    const video = path.join(dir, 'counter.y4m');
    writeCameraVideo(video, scenes);

    const browser = await launchWithCamera(video);
    try {
      const context = await phoneContext(browser, app.origin);
      // Browser code as text: the bench is compiled without the DOM's types.
      await context.addInitScript({ content: `localStorage.setItem('token', ${JSON.stringify(clerkToken)})` });
      const page = await context.newPage();
      await page.goto(`${WebRoute.merchantCounter}?shop=${merchantId}`);
      await page.getByRole('button', { name: '开始核销' }).waitFor();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
      await page.getByRole('button', { name: '开始核销' }).click();
      const queueMs = CUSTOMERS * secondsPer * 1000;
      const okVerdicts = (n: number) => performance.getEntriesByName('coupon-verdict').filter((e) => ((e as { detail?: { ok?: boolean } }).detail)?.ok).length >= n;
      await page.waitForFunction(okVerdicts, CUSTOMERS, { timeout: queueMs + 30_000, polling: 500 }).catch(() => null);
      const measures = await page.evaluate(() => performance.getEntriesByName('coupon-verdict').map((e) => ({ ms: e.duration, ok: Boolean(((e as { detail?: { ok?: boolean } }).detail)?.ok) })));
      const redeemed = Number((await page.getByTestId('counter-count').textContent())?.match(/\d+/)?.[0] ?? 0);
      const durations = measures.map((m) => m.ms).sort((a, b) => a - b);
      const p95 = durations[Math.min(durations.length - 1, Math.ceil(durations.length * 0.95) - 1)] ?? NaN;
      return {
        name: 'coupon counter (/bs): frame with the code → verdict on screen, p95 (Chromium fake camera, Slow 4G 150 ms RTT, app as deployed)',
        unit: 'ms',
        baseline: { label: `target p95 ≤ ${TARGET_P95_MS} ms`, value: TARGET_P95_MS },
        measured: { label: 'p95', value: Math.round(p95) },
        notes: [
          `${redeemed} of ${CUSTOMERS} coupons redeemed, ${measures.length - measures.filter((m) => m.ok).length} refused`,
          `median ${Math.round(durations[Math.floor(durations.length / 2)] ?? NaN)} ms`,
          `load average ${os.loadavg()[0]!.toFixed(2)}`,
        ].join('; '),
      };
    } finally {
      await browser.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    await app.stop();
    await store.drop();
  }
}
