import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { holderCodeAt, newHolderKeyPair } from '@sq/contract/codes/holder-code';
import { CODE_STEP_SECONDS } from '@sq/contract/pass/code-steps';
import { launchWithCamera, phoneContext } from './browser';
import { writeCameraVideo } from './fake-camera';
import type { PhoneHarness } from './phone-harness';

/**
 * 社区团购's pickup as browser tests drive it: the pickup codes a buyer's phone shows (a phone key of
 * its own, registered as the order page does), and the seller's /myorder/deqorder in a Chromium whose
 * camera films those codes.
 */

/** The codes a buyer's phone shows for the next few minutes in turn: whenever the scanner looks, one is current. */
export async function pickupCodesOf(h: PhoneHarness, mobile: string, orderId: string) {
  const pair = newHolderKeyPair();
  const { kid } = (await h.phones.api<{ kid: number }>(mobile, '/v1/holderKeys', { publicKey: pair.publicKey })).data;
  const now = Date.now();
  return Array.from({ length: 6 }, (_, k) => holderCodeAt({ kid, privateKey: pair.privateKey }, 'order', orderId, now + k * CODE_STEP_SECONDS * 1000).code);
}

/** /myorder/deqorder on the seller's phone, its camera showing these codes in turn (and looping). */
export async function pickupScannerWith(h: PhoneHarness, mobile: string, codes: string[]) {
  const video = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sq-camera-')), 'pickup.y4m');
  writeCameraVideo(video, [{ text: null, frames: 10 }, ...codes.flatMap((text) => [{ text, frames: 10 }, { text: null, frames: 20 }])]);
  const browser = await launchWithCamera(video);
  const context = await phoneContext(browser, h.server.origin);
  await context.addInitScript((t) => localStorage.setItem('token', t), await h.phones.token(mobile));
  const page = await context.newPage();
  page.on('pageerror', (e) => h.phones.problems.push(`scanner pageerror: ${e.message}`));
  await page.goto('/myorder/deqorder');
  await page.getByRole('button', { name: '扫码提货' }).waitFor();
  return {
    context,
    page,
    async done() {
      await browser.close();
      fs.rmSync(path.dirname(video), { recursive: true, force: true });
    },
  };
}
