import { describe, expect, it } from 'vitest';
import { RegistrationMsg } from '@sq/contract/pass/registration-rules';
import { artifactPath } from './support/browser';
import { PassDetailPage } from './pages/pass-detail-page';
import { PassPage } from './pages/pass-page';
import { PassRegisterPage } from './pages/pass-register-page';
import { MSG_CONSENT } from '@sq/contract/privacy/notice';
import { usePhoneHarness } from './support/phone-harness';
import { toast } from './support/phones';

const POI = 'DEMO000001';
const NEWCOMER = '13900001234';
const MANAGER = '13800000002';
const DUTY = '13800000003';

const env = usePhoneHarness();

describe('entry pass, end to end', () => {
  it('registers, is approved, shows the pass and greets the resident when the gate scans it', async () => {
    const resident = await env.phones.phone(NEWCOMER);
    const form = new PassRegisterPage(resident.page);
    await form.open(POI);
    await expect(form.mobile.inputValue()).resolves.toBe(NEWCOMER);
    await resident.page.screenshot({ path: artifactPath('pass-register-empty.png') });

    // Every rule, in the spec's order, as a person fixes one thing after another.
    await form.mobile.fill('');
    await form.expectMessage(RegistrationMsg.name);
    await form.name.fill('王芳');
    await form.expectMessage(RegistrationMsg.mobile);
    await form.mobile.fill('1390000');
    await form.expectMessage(RegistrationMsg.mobileInvalid);
    await form.mobile.fill(NEWCOMER);
    await form.expectMessage(RegistrationMsg.card);
    await form.card.fill('110105194912310021');
    await form.expectMessage(RegistrationMsg.cardInvalid);
    await form.card.fill('11010519491231002X');
    await form.expectMessage(RegistrationMsg.owner);
    await form.choose('租户');
    await form.expectMessage(RegistrationMsg.address);
    await form.address.fill('望京花园西区 3号楼 1单元 502');
    await form.expectMessage(RegistrationMsg.tenantEnd);
    await form.pickDate('租赁截止');
    await form.choose('公司');
    await form.expectMessage(RegistrationMsg.company);
    await form.company.fill('某某科技有限公司');
    await form.choose('访客');
    await form.expectMessage(RegistrationMsg.reason);
    await form.reason.fill('探望亲友');
    // Switching back clears the visitor's reason; an owner needs none.
    await form.choose('业主');
    await expect(form.reason.count()).resolves.toBe(0);
    await form.choose('访客');
    await expect(form.reason.inputValue()).resolves.toBe('');
    await form.choose('业主');
    await form.expectMessage(RegistrationMsg.isReturn);
    await form.choose('是');
    await form.expectMessage(RegistrationMsg.returnDate);
    await form.pickDate('返京时间');
    await expect(form.dateValue('返京时间').textContent()).resolves.toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await form.expectMessage(RegistrationMsg.returnFrom);
    await form.returnFrom.fill('上海');
    await form.choose('高铁');
    await resident.page.screenshot({ path: artifactPath('pass-register-filled.png'), fullPage: true });
    // Answering no clears the return details.
    await form.choose('否');
    await expect(form.returnFrom.count()).resolves.toBe(0);
    await form.choose('是');
    await expect(form.returnFrom.inputValue()).resolves.toBe('');
    await form.choose('否');

    // Every answer right: the privacy notice's tick is what is still missing.
    await form.expectMessage(MSG_CONSENT);
    await form.consent.click();
    await form.submit.click();
    await form.confirmDialog.waitFor();
    await resident.page.waitForTimeout(400);
    await resident.page.screenshot({ path: artifactPath('pass-register-confirm.png') });
    await form.confirmDialog.getByRole('button', { name: '确认提交' }).click();

    // The pass page, pending review.
    await resident.page.waitForURL((u) => u.pathname === '/pcheck' && u.search === `?poiId=${POI}&state=1`);
    const pass = new PassPage(resident.page);
    await resident.page.getByText('待审核', { exact: true }).waitFor();
    await expect(pass.qr.count()).resolves.toBe(0);
    await form.confirmDialog.waitFor({ state: 'detached' });
    await resident.page.screenshot({ path: artifactPath('pass-pending.png') });

    // The demo manager approves it from the record.
    const found = await env.phones.api<{ userCards: { _id: string; name: string }[] }>(MANAGER, '/v1/userCard/list', { poiId: POI, keyword: '王芳' });
    const id = found.data.userCards.find((c) => c.name === '王芳')?._id;
    expect(id).toBeTruthy();
    const manager = await env.phones.phone(MANAGER);
    const review = new PassDetailPage(manager.page);
    await manager.page.goto(`/xxdetail?poiId=${POI}&id=${id}`);
    await review.privacy.waitFor();
    await expect(review.row('手机号').textContent()).resolves.toBe(NEWCOMER);
    await expect(review.row('身份证号').textContent()).resolves.toBe('11010519491231002X');
    await expect(review.status.textContent()).resolves.toBe('待审核');
    await manager.page.screenshot({ path: artifactPath('pass-review-pending.png'), fullPage: true });
    await review.approve.click();
    await review.page.locator('.status-tag', { hasText: '已通过' }).waitFor();
    await review.page.getByText('审核通过').waitFor();
    await review.revoke.waitFor();
    await manager.page.screenshot({ path: artifactPath('pass-review-approved.png'), fullPage: true });

    // The pending page notices the approval by itself: green, with the QR and the name under it.
    await pass.qr.waitFor({ timeout: 10_000 });
    await resident.page.getByText('欢迎回家').first().waitFor();
    await resident.page.getByText('请向管理员出示此通行证').waitFor();
    await expect(resident.page.locator('.pass-name').textContent()).resolves.toBe('王芳');
    const before = await pass.clock.textContent();
    await resident.page.waitForTimeout(1100);
    expect(await pass.clock.textContent()).not.toBe(before);
    await resident.page.screenshot({ path: artifactPath('pass-normal.png') });

    // The duty staff scan it in their own browser.
    const address = new URL(await pass.qrAddress());
    expect(address.pathname).toBe('/xxdetail');
    const duty = await env.phones.phone(DUTY);
    await duty.page.goto(address.pathname + address.search);
    const scan = new PassDetailPage(duty.page);
    await scan.scanBanner.waitFor();
    const scannedAt = Date.now();
    await expect(scan.scanBanner.textContent()).resolves.toContain('已登记 进入');
    await expect(duty.page.getByTestId('scan-repeat').count()).resolves.toBe(0);
    await duty.page.screenshot({ path: artifactPath('pass-scan-staff.png'), fullPage: true });

    // …and the resident's page says so within 2 seconds.
    await pass.scanned.getByText('欢迎回家').waitFor({ timeout: 2000 });
    expect(Date.now() - scannedAt).toBeLessThan(2000);
    await resident.page.screenshot({ path: artifactPath('pass-scanned.png') });

    // The same scanner opening it again is told that nothing new was logged.
    await duty.page.reload();
    await duty.page.getByTestId('scan-repeat').getByText('此通行码刚刚已核验过，本次未重复记录').waitFor();

    // The same code in another staff member's hands is refused on a clear page.
    await manager.page.goto(address.pathname + address.search);
    await review.result.getByText('该通行码已使用，请让对方刷新通行证').waitFor();
    await manager.page.screenshot({ path: artifactPath('pass-scan-used.png') });

    await Promise.all([resident.context.close(), manager.context.close(), duty.context.close()]);
  });

  it('sends the resident back to the form when staff revoke the pass while it is shown', async () => {
    const resident = await env.phones.phone('13800000004');
    const pass = new PassPage(resident.page);
    await pass.open(POI, 2);
    await pass.qr.waitFor();
    await resident.page.getByText('一路平安').first().waitFor();

    const found = await env.phones.api<{ userCards: { _id: string; name: string }[] }>(MANAGER, '/v1/userCard/list', { poiId: POI, keyword: '陈明' });
    const id = found.data.userCards.find((c) => c.name === '陈明')?._id;
    const manager = await env.phones.phone(MANAGER);
    await manager.page.goto(`/xxdetail?poiId=${POI}&id=${id}`);
    const review = new PassDetailPage(manager.page);
    await review.revoke.click();
    await manager.page.screenshot({ path: artifactPath('pass-revoke-reason.png') });
    await review.giveReason('已搬离本小区，如需通行请重新登记', '确定撤销', true);
    await manager.page.locator('.status-tag', { hasText: '已撤销' }).waitFor();
    await manager.page.getByText('原因：已搬离本小区，如需通行请重新登记').first().waitFor();

    // Told that it was revoked, not that the form was filled in wrongly.
    await toast(resident.page, '您的通行证已被撤销').waitFor();
    await resident.page.waitForURL((u) => u.pathname === '/addmsg' && u.searchParams.get('poiId') === POI);
    // The form starts from the returned registration, mobile and ID masked.
    const form = new PassRegisterPage(resident.page);
    await form.name.waitFor();
    await expect(form.name.inputValue()).resolves.toBe('陈明');
    await expect(form.mobile.inputValue()).resolves.toBe('138****0004');
    await resident.page.getByText('已隐藏部分号码，不修改可直接提交').first().waitFor();
    // …and says that the pass was revoked, why, and what to do.
    await resident.page.getByText('撤销原因：已搬离本小区，如需通行请重新登记').waitFor();
    await resident.page.getByText('您的通行证已被撤销，暂不能通行').waitFor();
    await resident.page.screenshot({ path: artifactPath('pass-register-returned.png'), fullPage: true });

    await Promise.all([resident.context.close(), manager.context.close()]);
  });
});
