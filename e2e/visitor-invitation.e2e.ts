import { describe, expect, it } from 'vitest';
import { beijingDateTime } from '@sq/contract/beijing-time';
import { codeStepAt } from '@sq/contract/pass/code-steps';
import { parsePassCode } from '@sq/contract/pass/rotating-code';
import { signedPassCodeAt, type DeviceKey } from '@sq/contract/pass/signed-code';
import { idCard } from '@sq/server/test/support/factories';
import { seriousViolations } from './support/axe';
import { artifactPath } from './support/browser';
import { usePhoneHarness } from './support/phone-harness';
import { toast } from './support/phones';
import { smallTargets } from './support/targets';

const POI = 'DEMO000001';
const RESIDENT = '13800000004';
const DUTY = '13800000003';
const MANAGER = '13800000002';
const MINUTE = 60_000;
const h = usePhoneHarness();

/** The gate's clock as the test moved it (the pages count code steps on it). */
let shifted = 0;
const shift = (ms: number) => {
  shifted += ms;
  h.server.shiftClock(ms);
};

describe('visitors invited by residents (issue 13 item 4)', () => {
  it('a resident invites a visitor, who gives a document, enters inside the window and is refused outside it', async () => {
    // Half an hour earlier at the gate: the form's first start (the next quarter hour) is still ahead there.
    shift(-30 * MINUTE);
    const resident = await h.phones.phone(RESIDENT);
    await resident.page.goto(`/pcheck?poiId=${POI}`);
    await resident.page.getByRole('link', { name: /邀请访客/ }).click();
    await resident.page.waitForURL((u) => u.pathname === '/invite');
    const send = resident.page.getByRole('button', { name: '发送邀请' });
    // Bad input first: a message, nothing sent.
    await send.click();
    await toast(resident.page, '请输入访客姓名').waitFor();
    await resident.page.getByPlaceholder('请输入访客姓名').fill('王小红');
    await resident.page.getByPlaceholder('请输入访客手机号').fill('12345');
    await send.click();
    await resident.page.getByRole('alert').filter({ hasText: '请输入正确的访客手机号' }).waitFor();
    await resident.page.getByPlaceholder('请输入访客手机号').fill('139 1234 5678');
    await resident.page.getByPlaceholder('选填，如 京A12345').fill('京B12345');
    await expect(smallTargets(resident.page, 44)).resolves.toEqual([]);
    await expect(seriousViolations(resident.page)).resolves.toEqual([]);
    await resident.page.screenshot({ path: artifactPath('invite-form.png'), fullPage: true });
    await send.click();
    await resident.page.getByTestId('invite-sent').getByText('短信已发送至 王小红（139****5678）', { exact: false }).waitFor();
    const card = resident.page.getByTestId('invitation').filter({ hasText: '王小红' });
    await card.getByText('未到时间').waitFor();
    const link = (await h.phones.api<{ invitations: { name: string; link: string }[] }>(RESIDENT, '/v1/visits/mine', { poiId: POI })).data.invitations.find((i) => i.name === '王小红')!.link;

    // The visitor opens the SMS link on a phone with no account. This community asks for a
    // document: given before the visit, checked like a registration's.
    const visitor = await h.phones.anonymous();
    await visitor.page.goto(new URL(link).pathname + new URL(link).search);
    await visitor.page.getByText('陈* 邀请您来访').waitFor();
    await visitor.page.getByText('本社区要求访客填写证件').waitFor();
    await visitor.page.getByRole('textbox', { name: '身份证号' }).fill('110101199003070000');
    await visitor.page.getByRole('button', { name: '提交并显示通行证' }).click();
    await toast(visitor.page, '请输入正确的身份证号').waitFor();
    await visitor.page.getByRole('textbox', { name: '身份证号' }).fill(idCard());
    await visitor.page.getByRole('button', { name: '提交并显示通行证' }).click();
    await toast(visitor.page, '请先阅读并勾选同意《个人信息处理说明》').waitFor();
    await expect(seriousViolations(visitor.page)).resolves.toEqual([]);
    await visitor.page.screenshot({ path: artifactPath('visitor-document.png'), fullPage: true });
    await visitor.page.getByText('我已阅读并同意《个人信息处理说明》').click();
    await visitor.page.getByRole('button', { name: '提交并显示通行证' }).click();
    // Not yet: no code before the window.
    await visitor.page.getByText('未到来访时间').waitFor();
    await expect(visitor.page.getByRole('img', { name: '通行证二维码' }).count()).resolves.toBe(0);

    // Inside the window: the pass with its rotating code.
    shift(46 * MINUTE);
    const answered = visitor.page.waitForResponse((r) => r.url().includes('/v1/visits/pass') && r.request().method() === 'GET');
    await visitor.page.reload();
    const key = ((await (await answered).json()) as { data: { userCard: { codeKey: { id: string } } } }).data.userCard.codeKey;
    expect(key).not.toBeNull();
    const qr = visitor.page.getByRole('img', { name: '通行证二维码' });
    await qr.waitFor();
    // The phone made a key of its own, registered its public half, and signs its codes with it.
    await expect.poll(async () => parsePassCode(new URL((await qr.getAttribute('data-value'))!).searchParams.get('code')!)?.signed, { timeout: 10_000 }).toBe(true);
    const device = await visitor.page.evaluate(
      () =>
        new Promise<DeviceKey>((resolve, reject) => {
          const open = indexedDB.open('sq-pass-keys');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const all = open.result.transaction('keys').objectStore('keys').getAll();
            all.onsuccess = () => resolve(all.result[0] as DeviceKey);
          };
        }),
    );
    expect(device).toMatchObject({ id: key.id, kid: 1 });
    await visitor.page.getByTestId('pass-countdown').waitFor();
    await expect(seriousViolations(visitor.page)).resolves.toEqual([]);
    await visitor.page.screenshot({ path: artifactPath('visitor-pass.png'), fullPage: true });

    // The duty staff scan it: let in, with who invited them.
    const address = (await qr.getAttribute('data-value'))!;
    const duty = await h.phones.phone(DUTY);
    await duty.page.goto(new URL(address).pathname + new URL(address).search);
    await duty.page.getByTestId('scan-banner').getByText('已登记 进入').waitFor();
    const about = duty.page.getByTestId('scan-visit');
    await about.getByText('陈明 · ', { exact: false }).waitFor();
    await about.getByText('已进入 1 / 1 次').waitFor();
    await expect(duty.page.getByRole('button', { name: '撤销通行证' }).count()).resolves.toBe(0);
    await duty.page.screenshot({ path: artifactPath('visitor-scanned.png'), fullPage: true });
    // The visitor's page greets them and turns to leaving.
    await visitor.page.getByTestId('pass-scanned').getByText('欢迎光临').waitFor({ timeout: 10_000 });

    // The resident sees the visit; the managers see the invitation and the log marks it.
    await resident.page.reload();
    await card.getByText('进入', { exact: true }).waitFor();
    const manager = await h.phones.phone(MANAGER);
    await manager.page.goto(`/mcenter?poiId=${POI}`);
    await manager.page.getByRole('link', { name: /访客邀请/ }).click();
    await manager.page.waitForURL((u) => u.pathname === '/visitors');
    await manager.page.getByTestId('invitation').filter({ hasText: '王小红' }).getByText('陈明 · ', { exact: false }).waitFor();
    await expect(smallTargets(manager.page, 44)).resolves.toEqual([]);
    await expect(seriousViolations(manager.page)).resolves.toEqual([]);
    await manager.page.screenshot({ path: artifactPath('visitor-invitations.png'), fullPage: true });
    await manager.page.goto(`/crrecords?poiId=${POI}`);
    await manager.page.locator('.el-row').first().getByText('受邀访客').waitFor();

    // After the window: the visitor's page has no way in, and a code signed with the phone's key is refused at the gate.
    shift(5 * 60 * MINUTE);
    await visitor.page.reload();
    await visitor.page.getByText('邀请已结束').waitFor();
    const late = signedPassCodeAt(device, 1, codeStepAt(Date.now() + shifted));
    await duty.page.goto(`/xxdetail?poiId=${POI}&code=${encodeURIComponent(late)}&pass=1`);
    await duty.page.getByText('不在邀请的来访时间内').waitFor();
    shift(-shifted);
    await Promise.all([resident.context.close(), visitor.context.close(), duty.context.close(), manager.context.close()]);
  });

  it('reopens the visitor’s pass with no signal, with a code the gate takes', async () => {
    // This community lets invited visitors come without a document, for this test.
    expect((await h.phones.api(MANAGER, '/v1/manage/visits/settings', { poiId: POI, withoutDocument: 1 })).code).toBe(200);
    const now = beijingDateTime(new Date());
    const made = await h.phones.api<{ invitation: { link: string } }>(RESIDENT, '/v1/visits/invite', { poiId: POI, name: '李四', mobile: '13912340000', start: now, end: beijingDateTime(new Date(Date.now() + 2 * 3_600_000)) });
    expect(made.code).toBe(200);
    const link = new URL(made.data.invitation.link);
    const { context, page } = await h.phones.anonymous('allow');
    await page.goto(link.pathname + link.search);
    const qr = page.getByRole('img', { name: '通行证二维码' });
    await qr.waitFor();
    await expect.poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active) && Boolean(navigator.serviceWorker.controller)), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => page.evaluate(async () => (await caches.keys()).some((k) => k.includes('precache'))), { timeout: 20_000 }).toBe(true);

    await context.setOffline(true);
    await page.reload();
    await page.locator('.pass-offline').waitFor();
    await page.getByTestId('pass-countdown').waitFor();
    const address = new URL((await qr.getAttribute('data-value'))!);
    await page.screenshot({ path: artifactPath('visitor-pass-offline.png') });
    expect((await h.phones.api(DUTY, '/v1/userCard/userInfo', { poiId: POI, code: address.searchParams.get('code') })).code).toBe(200);
    await context.close();
    expect((await h.phones.api(MANAGER, '/v1/manage/visits/settings', { poiId: POI, withoutDocument: 0 })).code).toBe(200);
    h.phones.problems.splice(0, h.phones.problems.length, ...h.phones.problems.filter((p) => !/ERR_INTERNET_DISCONNECTED/.test(p)));
  });
});
