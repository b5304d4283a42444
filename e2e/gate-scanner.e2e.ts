import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { codeStepAt } from '@sq/contract/pass/code-steps';
import { newDeviceKeyPair, signedPassCodeAt } from '@sq/contract/pass/signed-code';
import { artifactPath, launchWithCamera, phoneContext } from './support/browser';
import { writeCameraVideo } from './support/fake-camera';
import { usePhoneHarness } from './support/phone-harness';

const POI = 'DEMO000001';
const RESIDENT = '13800000004';
const VISITOR = '13800000005';
const DUTY = '13800000003';
const MANAGER = '13800000002';

const h = usePhoneHarness();

describe('连续扫码核验 (the rush-hour scanner)', () => {
  it('reads pass after pass from the camera with no tap: green with the name, red with the reason; each entry logged once', async () => {
    const qrOf = async (mobile: string) => (await h.phones.api<{ userCard: { qr: string; name: string } }>(mobile, '/v1/userCard/my', { poiId: POI, pass: 1 }, 'GET')).data.userCard;
    const [resident, visitor] = [await qrOf(RESIDENT), await qrOf(VISITOR)];
    const forged = new URL(resident.qr);
    forged.searchParams.set('code', forged.searchParams.get('code')!.replace(/.$/, (c) => (c === '0' ? '1' : '0')));
    const video = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sq-camera-')), 'gate.y4m');
    writeCameraVideo(video, [
      { text: null, frames: 5 },
      { text: resident.qr, frames: 10 },
      { text: null, frames: 5 },
      { text: visitor.qr, frames: 10 },
      { text: null, frames: 5 },
      { text: forged.toString(), frames: 10 },
      { text: null, frames: 5 },
      { text: 'https://pay.example.com/qr/123', frames: 10 },
      { text: null, frames: 30 },
    ]);
    const logsBefore = (await h.phones.api<{ logs: unknown[] }>(DUTY, '/v1/userCard/userLog', { poiId: POI })).data.logs.length;

    const browser = await launchWithCamera(video);
    try {
      const context = await phoneContext(browser, h.server.origin);
      await context.addInitScript((t) => localStorage.setItem('token', t), await h.phones.token(DUTY));
      const page = await context.newPage();
      page.on('pageerror', (e) => h.phones.problems.push(`scanner pageerror: ${e.message}`));
      await page.goto(`/gatescan?poiId=${POI}`);
      await page.getByRole('button', { name: '进门核验' }).waitFor();
      await page.screenshot({ path: artifactPath('gate-scanner-chooser.png') });
      await page.getByRole('button', { name: '进门核验' }).click();
      const verdict = page.getByTestId('gate-verdict');
      await verdict.filter({ hasText: resident.name }).waitFor({ timeout: 15_000 });
      await expect(verdict.textContent()).resolves.toContain('欢迎回家');
      await page.screenshot({ path: artifactPath('gate-scanner-pass.png') });
      await verdict.filter({ hasText: visitor.name }).waitFor({ timeout: 5000 });
      await expect(verdict.textContent()).resolves.toContain('欢迎光临');
      await verdict.filter({ hasText: '通行码无效' }).waitFor({ timeout: 5000 });
      // What the guard does about it, said with the refusal.
      await expect(verdict.textContent()).resolves.toContain('通行码无效，请对方刷新通行证后重新扫码');
      await page.screenshot({ path: artifactPath('gate-scanner-refused.png') });
      await verdict.filter({ hasText: '这不是通行证二维码' }).waitFor({ timeout: 5000 });
      await expect(page.getByTestId('gate-count').textContent()).resolves.toBe('已通过 2 人');
      // Timings of the bench's measure: one per verdict, from the frame to the screen.
      const measured = await page.evaluate(() => performance.getEntriesByName('gate-verdict').length);
      expect(measured).toBeGreaterThanOrEqual(4);
    } finally {
      await browser.close();
      fs.rmSync(path.dirname(video), { recursive: true, force: true });
    }
    // The loop of the video shows both again: each entered once.
    const logs = (await h.phones.api<{ logs: { name: string; pass: number }[] }>(DUTY, '/v1/userCard/userLog', { poiId: POI })).data.logs;
    expect(logs.length).toBe(logsBefore + 2);
    expect(logs.slice(0, 2).map((l) => [l.name, l.pass]).sort()).toEqual([[resident.name, 1], [visitor.name, 1]].sort());
  });

  it('checks a pass with the network cut, shows it as offline, and sends the scan once the network is back', async () => {
    // The resident's phone has its own key (as the pass page makes one); the kit gets its public half.
    const pair = newDeviceKeyPair();
    const { kid } = (await h.phones.api<{ kid: number }>(RESIDENT, '/v1/userCard/passKey', { poiId: POI, publicKey: pair.publicKey })).data;
    const pass = (await h.phones.api<{ userCard: { qr: string; name: string; codeKey: { id: string } } }>(RESIDENT, '/v1/userCard/my', { poiId: POI, pass: 2 }, 'GET')).data.userCard;
    const phone = { id: pass.codeKey.id, kid, privateKey: pair.privateKey };
    // The phone's codes for the next three minutes in turn: whenever the scanner looks (a busy
    // machine may take a while to get there), one of them is current.
    const now = codeStepAt(Date.now());
    const { page, context, done } = await scannerWith(Array.from({ length: 6 }, (_, k) => withCode(pass.qr, signedPassCodeAt(phone, 2, now + k))));
    try {
      const kit = page.getByTestId('gate-kit');
      // The kit has arrived (not 尚无离线名单).
      await kit.filter({ hasText: /离线名单 \d+ 人/ }).waitFor();
      const before = await logsOf();
      await context.setOffline(true);
      await page.getByRole('button', { name: '出门核验' }).click();
      // The verdict fades after a moment; the line under the camera keeps the last one.
      await page.getByTestId('gate-last').filter({ hasText: `上一位通过：${pass.name} · 离线` }).waitFor({ timeout: 20_000 });
      await expect(page.getByTestId('gate-count').textContent()).resolves.toBe('已通过 1 人');
      await page.screenshot({ path: artifactPath('gate-scanner-offline.png') });
      await kit.filter({ hasText: '待上传 1 条' }).first().waitFor();
      expect((await logsOf()).length).toBe(before.length);

      await context.setOffline(false);
      await expect.poll(async () => (await logsOf()).length, { timeout: 15_000 }).toBe(before.length + 1);
      expect((await logsOf())[0]).toMatchObject({ name: pass.name, pass: 2, offline: true, conflict: false });
      await expect.poll(() => kit.first().textContent(), { timeout: 10_000 }).not.toContain('待上传');
    } finally {
      await done();
    }
  });

  it('refuses, with no signal, a pass revoked while it was offline once it has synced', async () => {
    const mobile = `139${String(Date.now()).slice(-8)}`;
    const registered = await h.phones.api<{ _id: string }>(mobile, '/v1/userCard', { poiId: POI, name: '王撤销', mobile, card: '11010519491231002X', owner: '业主', address: '7号楼', isReturn: 0, consent: 1 });
    expect(registered.code).toBe(200);
    await h.phones.api(MANAGER, '/v1/userCard/verify', { poiId: POI, _id: registered.data._id, status: 1 });
    const pass = (await h.phones.api<{ userCard: { qr: string } }>(mobile, '/v1/userCard/my', { poiId: POI, pass: 1 }, 'GET')).data.userCard;
    const { page, context, done } = await scannerWith([pass.qr]);
    try {
      const kit = page.getByTestId('gate-kit');
      // The kit has arrived (not 尚无离线名单).
      await kit.filter({ hasText: /离线名单 \d+ 人/ }).waitFor();
      const stale = await kit.textContent();
      await context.setOffline(true);
      await h.phones.api(MANAGER, '/v1/userCard/verify', { poiId: POI, _id: registered.data._id, status: -1, reason: '已搬离本小区' });
      await context.setOffline(false);
      // Back online for a moment: the kit is renewed (a new version).
      await expect.poll(() => kit.textContent(), { timeout: 15_000 }).not.toBe(stale);
      await context.setOffline(true);
      await page.getByRole('button', { name: '进门核验' }).click();
      const verdict = page.getByTestId('gate-verdict');
      await verdict.filter({ hasText: '该通行证已被退回或撤销' }).waitFor({ timeout: 15_000 });
      await expect(verdict.getAttribute('data-verdict')).resolves.toBe('no');
      await expect(verdict.textContent()).resolves.toContain('离线核验');
    } finally {
      await done();
    }
  });
});

const withCode = (qr: string, code: string) => {
  const url = new URL(qr);
  url.searchParams.set('code', code);
  return url.toString();
};

const logsOf = async () => (await h.phones.api<{ logs: { name: string; pass: number; offline: boolean; conflict: boolean }[] }>(DUTY, '/v1/userCard/userLog', { poiId: POI })).data.logs;

/** The duty staff's scanner page in a Chromium whose camera shows these QRs in turn (and loops). */
async function scannerWith(qrs: string[]) {
  const video = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sq-camera-')), 'gate.y4m');
  writeCameraVideo(video, [{ text: null, frames: 10 }, ...qrs.flatMap((text) => [{ text, frames: 10 }, { text: null, frames: 20 }])]);
  const browser = await launchWithCamera(video);
  const context = await phoneContext(browser, h.server.origin);
  await context.addInitScript((t) => localStorage.setItem('token', t), await h.phones.token(DUTY));
  const page = await context.newPage();
  page.on('pageerror', (e) => h.phones.problems.push(`scanner pageerror: ${e.message}`));
  await page.goto(`/gatescan?poiId=${POI}`);
  return {
    browser,
    context,
    page,
    async done() {
      await browser.close();
      fs.rmSync(path.dirname(video), { recursive: true, force: true });
    },
  };
}
