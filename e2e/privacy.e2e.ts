import { describe, expect, it } from 'vitest';
import { idCardCheckChar } from '@sq/contract/id-card';
import { MSG_CONSENT } from '@sq/contract/privacy/notice';
import { artifactPath, phoneContext } from './support/browser';
import { LoginPage } from './pages/login-page';
import { PassRegisterPage } from './pages/pass-register-page';
import { usePhoneHarness } from './support/phone-harness';
import { toast } from './support/phones';

const POI = 'DEMO000001';
const MANAGER = '13800000002';

const env = usePhoneHarness();

describe('every document, and each person’s own data', () => {
  it('registers a visitor with a passport and a Hong Kong mobile, after the privacy notice is ticked', async () => {
    const { context, page } = await env.phones.phone('13900002468');
    const form = new PassRegisterPage(page);
    await form.open(POI);
    await form.name.fill('Mary Chan');
    await form.chooseCardType('护照');
    const number = page.getByRole('textbox', { name: '护照号码' });
    await number.waitFor();
    await expect(page.getByPlaceholder('请输入身份证号').count()).resolves.toBe(0);
    await number.fill('e1234 5678');
    await expect(number.inputValue()).resolves.toBe('E12345678');
    await form.mobile.fill('+852 9123 4567');
    await form.choose('访客');
    await form.address.fill('望京花园西区 8号楼');
    await form.reason.fill('探亲');
    await form.choose('否');
    await form.expectMessage('请选择国籍');
    await form.chooseNationality('日', '日本');
    await form.expectMessage(MSG_CONSENT);
    await page.screenshot({ path: artifactPath('register-passport-notice.png'), fullPage: true });
    await form.consent.click();
    await form.submit.click();
    // The confirm box lists every answer, the document's type and number each on its line.
    await expect(form.confirmDialog.textContent()).resolves.toMatch(/证件类型护照证件号码E12345678/);
    await expect(form.confirmDialog.textContent()).resolves.toContain('国籍日本');
    await expect(form.confirmDialog.textContent()).resolves.toContain('手机号+85291234567');
    await form.confirmDialog.getByRole('button', { name: '确认提交' }).click();
    await page.waitForURL((u) => u.pathname === '/pcheck');
    await page.getByText('待审核', { exact: true }).waitFor();

    // 我的信息 shows it with its type, masked, consent on record.
    await page.getByRole('link', { name: '我的信息' }).click();
    await page.waitForURL((u) => u.pathname === '/mydata');
    await page.getByText('E1****678').waitFor();
    await page.getByText('护照', { exact: true }).waitFor();
    await page.getByText('+852****4567').first().waitFor();
    await expect(page.getByText('尚未同意').count()).resolves.toBe(0);
    await page.screenshot({ path: artifactPath('my-data.png'), fullPage: true });
    await context.close();
  });

  it('asks a person whom staff entered to agree at their first visit, then lets them delete the registration', async () => {
    const mobile = '13900002469';
    const first17 = '11010319600101123'; // 崇文区: retired in 2010, still on valid cards
    const entered = await env.phones.api(MANAGER, '/v1/userCard', {
      poiId: POI, name: '老住户', mobile, card: first17 + idCardCheckChar(first17), owner: '业主', address: '3号楼', isReturn: 0, import: 1,
    });
    expect(entered.code).toBe(200);

    const { context, page } = await env.phones.phone(mobile);
    await page.goto(`/pcheck?poiId=${POI}&state=1`);
    const notice = page.getByRole('dialog', { name: '个人信息处理说明' });
    await notice.waitFor();
    await notice.getByText('保存期限').waitFor();
    await page.screenshot({ path: artifactPath('first-visit-notice.png') });
    await notice.getByRole('button', { name: '同意并继续' }).click();
    await notice.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('img', { name: '通行证二维码' }).waitFor();
    await expect(notice.count()).resolves.toBe(0);

    await page.goto(`/mydata?poiId=${POI}`);
    await page.getByRole('heading', { name: '谁查看或导出过' }).waitFor();
    await page.getByRole('button', { name: '删除此登记' }).click();
    await page.getByRole('button', { name: '确认删除' }).click();
    await toast(page, '登记已删除').waitFor();
    await page.getByText('您还没有出入登记').waitFor();
    await context.close();
  });

  it('shows a person whom staff entered the notice right after they log in, on the page they land on', async () => {
    const mobile = '13900002471';
    const first17 = '11010519700101123';
    const entered = await env.phones.api(MANAGER, '/v1/userCard', {
      poiId: POI, name: '新登录者', mobile, card: first17 + idCardCheckChar(first17), owner: '业主', address: '5号楼', isReturn: 0, import: 1,
    });
    expect(entered.code).toBe(200);
    const context = await phoneContext(env.browser, env.server.origin);
    const page = await context.newPage();
    const login = new LoginPage(page);
    await login.openQuick(`/?poiId=${POI}`);
    await login.logIn(mobile);
    await page.waitForURL((u) => u.pathname === '/');
    const notice = page.getByRole('dialog', { name: '个人信息处理说明' });
    await notice.waitFor();
    await notice.getByRole('button', { name: '同意并继续' }).click();
    await notice.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByText('望京花园西区').first().waitFor();
    await page.waitForTimeout(500);
    await expect(notice.count()).resolves.toBe(0);
    await context.close();
  });

  it('shows the privacy policy to anyone, with the community’s periods', async () => {
    const { context, page } = await env.phones.phone('13900002470');
    await page.goto(`/privacy?poiId=${POI}`);
    await page.getByRole('heading', { name: '隐私政策' }).waitFor();
    await page.getByText(/出入记录保存\d+个月/).waitFor();
    await page.screenshot({ path: artifactPath('privacy.png'), fullPage: true });
    await context.close();
  });
});
