import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idCardCheckChar } from '@sq/contract/id-card';
import { createPiiCipher } from '@sq/server/lib/crypto';
import { startFakeSms } from '@sq/server/test/support/fake-sms';
import { startFakeWechat } from '@sq/server/test/support/fake-wechat';
import { startListeningApp, type ListeningApp } from '@sq/server/test/support/listening-app';
import { artifactPath, launchBrowser } from './support/browser';
import { Phones } from './support/phones';

const HOME = 'DEMO000001';
const MANAGER = '13800000002';
const DUTY = '13800000003';
const RESIDENT = '13966660001';
const OPENID = 'o_e2e_notified';

let sms: Awaited<ReturnType<typeof startFakeSms>>;
let wx: Awaited<ReturnType<typeof startFakeWechat>>;
let server: ListeningApp;
let browser: Browser;
let phones: Phones;
beforeAll(async () => {
  [sms, wx] = await Promise.all([startFakeSms(), startFakeWechat()]);
  [server, browser] = await Promise.all([
    startListeningApp({ env: { ...wx.env, WECHAT_NOTIFY_TEMPLATE_ID: 'tmpl-notify-e2e', NOTIFY_SMS_WEBHOOK_URL: sms.url, NOTIFY_EVERY_MS: '100' } }),
    launchBrowser(),
  ]);
  phones = new Phones(server, browser);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await Promise.all([sms?.close(), wx?.close()]);
});

async function until<T>(read: () => T, ok: (v: T) => boolean) {
  await expect.poll(() => ok(read()), { timeout: 10_000 }).toBe(true);
  return read();
}

describe('消息', () => {
  it('tells a resident their registration was approved: a badge, the list, an SMS and a WeChat notice; kinds can be turned off', async () => {
    // A resident with a bound WeChat registers; the manager approves.
    const first17 = '11010519880808123';
    const sent = await phones.api<{ _id: string }>(RESIDENT, '/v1/userCard', { poiId: HOME, name: '消息测试', mobile: RESIDENT, card: first17 + idCardCheckChar(first17), owner: '业主', address: '2号楼', isReturn: 0, consent: 1 });
    expect(sent.code).toBe(200);
    const pii = createPiiCipher(Buffer.alloc(32, 9)); // the listening app's test key
    await server.database.db.execute(
      `insert into wechat_identities (openid_hash, openid_enc, user_id) select '${pii.hash(OPENID)}', '${pii.encrypt(OPENID)}', id from users where mobile_hash = '${pii.hash(RESIDENT)}'`,
    );
    expect((await phones.api(MANAGER, '/v1/userCard/verify', { poiId: HOME, _id: sent.data._id, status: 1 })).code).toBe(200);

    // At the fake SMS gateway and the fake WeChat, sent in the background.
    const [text] = await until(() => sms.state.received.filter((m) => m.mobile === RESIDENT), (l) => l.length === 1);
    expect(text).toMatchObject({ kind: 'registrationApproved', text: '【社区服务】您在望京花园西区的出入登记已审核通过，可以使用通行证了。' });
    const [notice] = await until(() => wx.state.notices.filter((n) => n.touser === OPENID), (l) => l.length === 1);
    expect(notice!.data.thing1!.value).toBe('登记已通过');

    // In the app: the badge on the home page, then the list.
    const { context, page } = await phones.phone(RESIDENT);
    await page.goto(`/?poiId=${HOME}`);
    const bell = page.getByRole('link', { name: '消息，1条未读' });
    await bell.waitFor();
    await page.screenshot({ path: artifactPath('notices-badge.png') });
    await bell.click();
    await page.waitForURL(/\/notices$/);
    const item = page.getByRole('button', { name: /登记已通过/ });
    await item.waitFor();
    expect(await item.textContent()).toContain('您在望京花园西区的出入登记已审核通过');
    expect(await page.getByLabel('未读').count()).toBe(1);
    await page.screenshot({ path: artifactPath('notices.png'), fullPage: true });

    // Turning 扫码进出 off: a scan then tells nothing.
    const scans = page.getByRole('switch', { name: '扫码进出' });
    expect(await scans.getAttribute('aria-checked')).toBe('true');
    await scans.click();
    await expect.poll(() => scans.getAttribute('aria-checked')).toBe('false');
    const my = await phones.api<{ userCard: { code: string } }>(RESIDENT, `/v1/userCard/my?poiId=${HOME}&pass=1`, {}, 'GET');
    expect((await phones.api(DUTY, '/v1/userCard/userInfo', { poiId: HOME, code: my.data.userCard.code })).code).toBe(200);

    // Tapping the notice opens the pass and marks it read.
    await item.click();
    await page.waitForURL(/\/pcheck\?poiId=DEMO000001/);
    await page.goto('/notices');
    await page.getByRole('button', { name: /登记已通过/ }).waitFor();
    expect(await page.getByLabel('未读').count()).toBe(0);
    expect(await page.getByRole('button', { name: /扫码进门/ }).count()).toBe(0);
    expect(await page.getByRole('switch', { name: '扫码进出' }).getAttribute('aria-checked')).toBe('false');
    await context.close();
  });
});
