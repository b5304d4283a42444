import { describe, expect, it } from 'vitest';
import { artifactPath } from './support/browser';
import { PassDetailPage } from './pages/pass-detail-page';
import { PassPage } from './pages/pass-page';
import { PassRegisterPage } from './pages/pass-register-page';
import { usePhoneHarness } from './support/phone-harness';
import { toast } from './support/phones';
import { idCardCheckChar } from '@sq/contract/id-card';
import { RegistrationMsg } from '@sq/contract/pass/registration-rules';
import { addDays, beijingDate } from '@sq/contract/beijing-time';

const POI = 'DEMO000001';
const RESIDENT = '13800000004';
const VISITOR = '13800000005';
const MANAGER = '13800000002';
const DUTY = '13800000003';

// The deployment's support contacts (/support shows only what is configured).
const env = usePhoneHarness({
  SUPPORT_HOTLINE: '400-810-6688',
  SUPPORT_HOURS: '工作日 9:00–18:00',
  SUPPORT_WECHAT_ID: 'wangjing-help',
  SUPPORT_WECHAT_QR: 'https://u.wechat.com/wangjing-help',
});

describe('pass screens', () => {
  it('gives a visitor the temporary pass with its end date and no welcome-home greeting', async () => {
    const { context, page } = await env.phones.phone(VISITOR);
    const pass = new PassPage(page);
    await pass.open(POI, 1);
    await pass.qr.waitFor();
    await expect(pass.title.textContent()).resolves.toBe('访客临时通行证');
    await page.getByText(/^有效期至 \d{4}-\d{2}-\d{2}$/).waitFor();
    await expect(page.getByText('欢迎回家').count()).resolves.toBe(0);
    await page.getByText('临时通行', { exact: true }).waitFor();
    await page.screenshot({ path: artifactPath('pass-visitor.png') });
    await context.close();
  });

  it('keeps showing the last pass, marked offline, when the network drops; support clears it on leaving', async () => {
    const { context, page } = await env.phones.phone(RESIDENT);
    const pass = new PassPage(page);
    await pass.open(POI, 1);
    await pass.qr.waitFor();
    const shown = await pass.qrAddress();

    await page.route('**/v1/userCard/**', (route) => route.abort('internetdisconnected'));
    await page.reload();
    await pass.offline.waitFor();
    await expect(pass.offline.textContent()).resolves.toContain('离线');
    await expect(pass.qrAddress()).resolves.toBe(shown);
    await page.screenshot({ path: artifactPath('pass-offline.png') });

    await page.getByRole('link', { name: '技术支持' }).click();
    await page.waitForURL((u) => u.pathname === '/support');
    await page.getByText('社区出入通行证').waitFor();
    await expect(page.getByRole('link', { name: '400-810-6688' }).getAttribute('href')).resolves.toBe('tel:4008106688');
    await page.getByText('微信号：wangjing-help').waitFor();
    await page.getByRole('img', { name: '技术支持微信二维码' }).waitFor();
    await page.screenshot({ path: artifactPath('pass-support.png') });
    await expect(page.evaluate(() => localStorage.getItem('pass'))).resolves.not.toBeNull();
    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/pcheck');
    // The address changes at once; React leaves the support page (and clears) a moment later.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('pass'))).toBeNull();
    await context.close();
    // The refused requests above are the point of this test, not defects.
    env.phones.problems.splice(0, env.phones.problems.length, ...env.phones.problems.filter((p) => !/ERR_INTERNET_DISCONNECTED/.test(p)));
  });

  it('shows residents their own registration masked, without a second form while it is approved', async () => {
    const { context, page } = await env.phones.phone(RESIDENT);
    const own = new PassDetailPage(page);
    await page.goto(`/xxdetail?poiId=${POI}&type=user`);
    await expect(own.row('手机号').textContent()).resolves.toBe('138****0004');
    await expect(own.row('身份证号').textContent()).resolves.toMatch(/^\d{6}\*{8}\d{3}[\dX]$/);
    await expect(own.status.textContent()).resolves.toBe('已通过');
    await expect(page.getByRole('link', { name: '编辑并重新提交' }).count()).resolves.toBe(0);
    await page.screenshot({ path: artifactPath('pass-own-view.png'), fullPage: true });

    const form = new PassRegisterPage(page);
    await form.open(POI);
    await page.getByText('我的登记').waitFor();
    await expect(form.submit.count()).resolves.toBe(0);
    await page.getByRole('link', { name: '查看通行证' }).click();
    await page.waitForURL((u) => u.pathname === '/pcheck');
    await context.close();
  });

  it('refuses the staff view to someone who is not staff of the community, on a clear page', async () => {
    const found = await env.phones.api<{ userCards: { _id: string; name: string }[] }>(MANAGER, '/v1/userCard/list', { poiId: POI, keyword: '刘洋' });
    const id = found.data.userCards[0]?._id;
    expect(id).toBeTruthy();
    const { context, page } = await env.phones.phone(RESIDENT);
    const detail = new PassDetailPage(page);
    await page.goto(`/xxdetail?poiId=${POI}&id=${id}`);
    await detail.result.getByText('无权查看').waitFor();
    await expect(page.locator('.info-row').count()).resolves.toBe(0);
    await page.screenshot({ path: artifactPath('pass-detail-forbidden.png') });
    await context.close();
  });

  it('sends someone without a registration from the pass to the form', async () => {
    const { context, page } = await env.phones.phone(DUTY);
    await new PassPage(page).open(POI, 1);
    await toast(page, '通行证信息不规范，请重新填写').waitFor();
    await page.waitForURL((u) => u.pathname === '/addmsg' && u.searchParams.get('poiId') === POI);
    await context.close();
  });

  it('lets staff register one person after another (信息登记), without their own data', async () => {
    const { context, page } = await env.phones.phone(MANAGER);
    const form = new PassRegisterPage(page);
    await form.open(POI, true);
    await expect(page.locator('.pass-nav-title').textContent()).resolves.toBe('信息登记');
    await expect(form.mobile.inputValue()).resolves.toBe('');
    await form.name.fill('赵丽');
    await form.mobile.fill('13900005678');
    await form.card.fill('11010519491231002X');
    await form.choose('公司');
    await form.address.fill('望京花园西区 底商 12号');
    await form.company.fill('望京便民超市');
    await form.choose('否');
    await page.screenshot({ path: artifactPath('pass-register-staff.png'), fullPage: true });
    await form.submit.click();
    await form.confirmDialog.getByRole('button', { name: '确认提交' }).click();
    const again = page.locator('.adm-dialog-body').filter({ hasText: '赵丽 登记成功，是否继续登记下一位？' });
    await again.getByRole('button', { name: '继续登记' }).click();
    await again.waitFor({ state: 'detached' });
    await expect(form.name.inputValue()).resolves.toBe('');
    await expect(form.company.count()).resolves.toBe(0);

    const listed = await env.phones.api<{ userCards: { name: string; status: number }[] }>(MANAGER, '/v1/userCard/list', { poiId: POI, keyword: '赵丽' });
    expect(listed.data.userCards.map((c) => [c.name, c.status])).toEqual([['赵丽', 1]]);
    await context.close();
  });

  it('takes a pasted ID number with spaces whole, marks the line a check stops at, and shows the number before submitting', async () => {
    const { context, page } = await env.phones.phone(MANAGER);
    const form = new PassRegisterPage(page);
    await form.open(POI, true);
    await form.name.fill('钱多多');
    // The submit stops at the mobile: its line is marked, scrolled to and explained.
    await form.submit.click();
    const mobileLine = page.locator('.reg-field-mobile');
    await expect.poll(() => mobileLine.getAttribute('class')).toContain('reg-invalid');
    await expect(mobileLine.getByRole('alert').textContent()).resolves.toBe(RegistrationMsg.mobile);
    await expect(mobileLine.isVisible()).resolves.toBe(true);
    await form.mobile.click();
    await page.keyboard.insertText(' 139 0000 5680 ');
    await expect(form.mobile.inputValue()).resolves.toBe('13900005680');
    await expect(mobileLine.getAttribute('class')).resolves.not.toContain('reg-invalid');

    // Pasted as people copy it from a message: spaces around and inside.
    const first17 = '11010519800101003';
    const card = first17 + idCardCheckChar(first17);
    await form.card.click();
    await page.keyboard.insertText(` ${card.slice(0, 6)} ${card.slice(6, 14)} ${card.slice(14)} `);
    await expect(form.card.inputValue()).resolves.toBe(card);

    // Further down: the identity is missing; that line comes into view, marked.
    await form.submit.click();
    const ownerLine = page.locator('.reg-field-owner');
    await expect.poll(() => ownerLine.getAttribute('class')).toContain('reg-invalid');
    await expect(ownerLine.getByRole('alert').textContent()).resolves.toBe(RegistrationMsg.owner);
    await expect.poll(() => ownerLine.evaluate((el) => { const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; })).toBe(true);
    await page.screenshot({ path: artifactPath('pass-register-marked.png') });
    await form.choose('访客');
    await form.address.fill('望京花园西区 3号楼');
    await form.reason.fill('探亲');
    await form.choose('否');
    await form.submit.click();
    await expect(form.confirmDialog.textContent()).resolves.toContain(`身份证号${card}`);
    await expect(form.confirmDialog.textContent()).resolves.toContain('手机号13900005680');
    await form.confirmDialog.getByRole('button', { name: '确认提交' }).click();
    await page.locator('.adm-dialog-body').filter({ hasText: '钱多多 登记成功' }).waitFor();
    await context.close();
  });

  it('warns the duty staff clearly about a person back in the city within 14 days', async () => {
    const mobile = '13900007788';
    const first17 = '11010519800202004';
    const today = beijingDate(new Date());
    // Entered by the manager (approved at once), back from 上海 three days ago.
    const entered = await env.phones.api(MANAGER, '/v1/userCard', {
      poiId: POI, name: '返京者', mobile, card: first17 + idCardCheckChar(first17), owner: '业主', address: '5号楼', isReturn: 1, return_date: addDays(today, -3), wuhan: '上海', import: 1,
    });
    expect(entered.code).toBe(200);
    const person = await env.phones.phone(mobile);
    const pass = new PassPage(person.page);
    await pass.open(POI, 1);
    await pass.qr.waitFor();
    const address = new URL(await pass.qrAddress());
    const duty = await env.phones.phone(DUTY);
    await duty.page.goto(address.pathname + address.search);
    const warning = duty.page.getByTestId('scan-returned');
    await warning.waitFor();
    await expect(warning.textContent()).resolves.toContain('14天内返京（已返京3天）');
    await duty.page.screenshot({ path: artifactPath('pass-scan-returned.png') });
    await Promise.all([person.context.close(), duty.context.close()]);
  });
});
