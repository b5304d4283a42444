import { describe, expect, it } from 'vitest';
import { beijingDate } from '@sq/contract/beijing-time';
import { freshMobile, idCard } from '@sq/server/test/support/factories';
import { artifactPath, launchBrowser, phoneContext } from './support/browser';
import { usePhoneHarness } from './support/phone-harness';
import { PassRegisterPage } from './pages/pass-register-page';
import { toast } from './support/phones';

const POI = 'DEMO000001';
const MANAGER = '13800000002';
const DUTY = '13800000003';

const h = usePhoneHarness();

/** A new person registered at POI and approved by the manager; returns their mobile and registration id. */
async function approved(name: string, extra: Record<string, unknown> = {}) {
  const mobile = freshMobile();
  const made = await h.phones.api<{ _id: string }>(mobile, '/v1/userCard', { poiId: POI, name, mobile, card: idCard(), owner: '业主', address: '1号楼', isReturn: 0, consent: 1, ...extra });
  expect(made.code).toBe(200);
  expect((await h.phones.api(MANAGER, '/v1/userCard/verify', { poiId: POI, _id: made.data._id, status: 1 })).code).toBe(200);
  return { mobile, id: made.data._id };
}

describe('states and words that fit (issue 32 item 14)', () => {
  it('a revoked pass says 已撤销 with its reason and what to do – to the person and in the staff list', async () => {
    const person = await approved('撤销测试');
    expect((await h.phones.api(MANAGER, '/v1/userCard/verify', { poiId: POI, _id: person.id, status: -1, reason: '已搬离本小区' })).code).toBe(200);

    for (const elder of [false, true]) {
      const { context, page } = await h.phones.phone(person.mobile);
      if (elder) await context.addInitScript(() => localStorage.setItem('elderMode', '1'));
      await page.goto(`/pcheck?poiId=${POI}&state=1`);
      await toast(page, '您的通行证已被撤销').waitFor();
      const note = page.getByTestId('revoked-note');
      await note.waitFor();
      await expect(note.textContent()).resolves.toContain('撤销原因：已搬离本小区');
      await expect(note.textContent()).resolves.toContain('请联系物业');
      await expect(page.getByText('请按以下原因修改后重新提交').count()).resolves.toBe(0);
      await page.waitForTimeout(2500);
      await page.screenshot({ path: artifactPath(`revoked-form${elder ? '-elder' : ''}.png`) });
      await context.close();
    }

    const { context, page } = await h.phones.phone(MANAGER);
    await page.goto(`/records?poiId=${POI}&tab=returned`);
    const row = page.locator('ul.mg-list > li').filter({ hasText: '撤销测试' });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('已撤销');
    await expect(row.textContent()).resolves.toContain('撤销原因：已搬离本小区');
    await page.screenshot({ path: artifactPath('revoked-records.png') });
    await context.close();
  });

  it('a pass of someone back in Beijing today is a valid, coloured pass that says 今日返京', async () => {
    const person = await approved('李归', { isReturn: 1, return_date: beijingDate(new Date()), wuhan: '上海', vehicle: '高铁', backup: 'G1' });
    for (const elder of [false, true]) {
      const { context, page } = await h.phones.phone(person.mobile);
      if (elder) await context.addInitScript(() => localStorage.setItem('elderMode', '1'));
      await page.goto(`/pcheck?poiId=${POI}&state=1`);
      const pill = page.locator('.pass-status-pill');
      await pill.waitFor({ state: 'attached' });
      await expect(pill.textContent()).resolves.toBe('今日返京');
      await page.waitForTimeout(1500);
      await expect(page.getByText('已返京0天').count()).resolves.toBe(0);
      await expect(page.locator('main.pass-screen').getAttribute('class')).resolves.toContain('tone-normal');
      await page.screenshot({ path: artifactPath(`pass-back-today${elder ? '-elder' : ''}.png`) });
      await context.close();
    }
  });

  it('the form says what is wrong under the line, over no field, and its confirm box shows every answer', async () => {
    for (const elder of [false, true]) {
      const mobile = freshMobile();
      const { context, page } = await h.phones.phone(mobile);
      if (elder) await context.addInitScript(() => localStorage.setItem('elderMode', '1'));
      const form = new PassRegisterPage(page);
      await form.open(POI);
      await form.expectMessage('请输入姓名');
      await page.waitForTimeout(800);
      await expect(form.fieldsCoveredByMessage()).resolves.toEqual([]);
      await page.screenshot({ path: artifactPath(`register-message${elder ? '-elder' : ''}.png`) });
      await form.name.fill('赵来访');
      await form.card.fill(idCard());
      await form.choose('访客');
      await form.reason.fill('探望父母');
      await form.address.fill('望京花园西区 3号楼');
      await form.choose('是');
      await form.pickDate('返京时间');
      await form.returnFrom.fill('上海');
      await form.choose('高铁');
      await form.flight.fill('G102');
      await form.consent.click();
      await form.submit.click();
      await form.confirmDialog.waitFor();
      const shown = (await form.confirmDialog.textContent()) ?? '';
      for (const text of ['赵来访', mobile, '访客', '来访事由', '探望父母', '望京花园西区 3号楼', '十四天内返京', '返京时间', '从何地返京', '上海', '高铁', 'G102']) expect(shown).toContain(text);
      await page.waitForTimeout(400);
      await page.screenshot({ path: artifactPath(`register-confirm${elder ? '-elder' : ''}.png`) });
      await context.close();
    }
  });

  it('出入记录 filters by day (今天, 自选日期) and says a reversed range', async () => {
    // Today's line: the demo resident scanned in.
    const code = (await h.phones.api<{ userCard: { code: string } }>('13800000004', '/v1/userCard/my', { poiId: POI, pass: 1 }, 'GET')).data.userCard.code;
    expect((await h.phones.api(DUTY, '/v1/userCard/userInfo', { poiId: POI, code, pass: 1 })).code).toBe(200);
    for (const elder of [false, true]) {
      const { context, page } = await h.phones.phone(MANAGER);
      if (elder) await context.addInitScript(() => localStorage.setItem('elderMode', '1'));
      await page.goto(`/crrecords?poiId=${POI}`);
      await page.getByRole('button', { name: '今天' }).click();
      await page.waitForURL(/from=\d{4}-\d{2}-\d{2}&to=/);
      const rows = page.locator('ul.mg-list > li');
      await rows.filter({ hasText: '陈明' }).first().waitFor();
      const today = beijingDate(new Date());
      const times = await page.locator('ul.mg-list time').allTextContents();
      expect(times.length).toBeGreaterThan(0);
      for (const t of times) expect(t.startsWith(today)).toBe(true);
      await page.screenshot({ path: artifactPath(`entry-logs-today${elder ? '-elder' : ''}.png`) });
      await page.getByRole('button', { name: '自选日期' }).click();
      await page.getByLabel('开始日期').fill(today);
      await page.getByLabel('结束日期').fill('2020-01-01');
      await page.getByRole('alert').filter({ hasText: '开始日期不能晚于结束日期' }).waitFor();
      // Nothing loads for days the server would refuse (no endless 正在加载).
      await expect(page.getByText('正在加载').count()).resolves.toBe(0);
      await page.screenshot({ path: artifactPath(`entry-logs-range${elder ? '-elder' : ''}.png`) });
      await context.close();
    }
  });

  it('a forged code at /xxdetail says 通行码无效 once, and what to do', async () => {
    const { context, page } = await h.phones.phone(DUTY);
    await page.goto(`/xxdetail?poiId=${POI}&code=${'A'.repeat(40)}&pass=1`);
    await page.getByText('请对方刷新通行证后重新扫码').waitFor();
    await expect(page.getByText('通行码无效').count()).resolves.toBe(1);
    await page.screenshot({ path: artifactPath('xxdetail-forged.png') });
    await context.close();
  });

  it('the scanner with no camera explains the permission and offers 重试, without the kit’s version', async () => {
    const browser = await launchBrowser();
    try {
      const context = await phoneContext(browser, h.server.origin);
      await context.addInitScript((t) => localStorage.setItem('token', t), await h.phones.token(DUTY));
      const page = await context.newPage();
      page.on('pageerror', (e) => h.phones.problems.push(`scanner pageerror: ${e.message}`));
      await page.goto(`/gatescan?poiId=${POI}`);
      await page.getByRole('button', { name: '进门核验' }).click();
      const retry = page.getByRole('button', { name: '重试' });
      await retry.waitFor();
      await expect(page.locator('.gs-hint').textContent()).resolves.toMatch(/摄像头/);
      await page.getByTestId('gate-kit').filter({ hasText: '离线名单' }).waitFor();
      await expect(page.locator('.gs-hint').textContent()).resolves.not.toContain('版本');
      const box = await retry.boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(44);
      await page.screenshot({ path: artifactPath('gate-scanner-no-camera.png') });
      await retry.click();
      await retry.waitFor();
    } finally {
      await browser.close();
    }
  });
});
