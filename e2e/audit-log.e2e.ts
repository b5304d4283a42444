import { describe, expect, it } from 'vitest';
import { artifactPath } from './support/browser';
import { usePhoneHarness } from './support/phone-harness';

const ADMIN = '13800000001';
const MANAGER = '13800000002';
const HOME = 'DEMO000001';

const h = usePhoneHarness();

describe('操作日志', () => {
  it('shows an administrator who opened whose whole record, filtered by that person', async () => {
    const list = await h.phones.api<{ userCards: { _id: string; name: string }[] }>(MANAGER, '/v1/userCard/list', { poiId: HOME, status: 1 });
    const resident = list.data.userCards.find((r) => r.name === '陈明')!;
    expect((await h.phones.api(MANAGER, '/v1/userCard/userInfo', { poiId: HOME, _id: resident._id })).code).toBe(200);

    const { context, page } = await h.phones.phone(ADMIN);
    await page.goto(`/mcenter?poiId=${HOME}`);
    await page.getByRole('link', { name: /操作日志/ }).click();
    await page.waitForURL(/\/auditlog\?poiId=DEMO000001/);
    const rows = page.getByRole('list', { name: '操作记录' }).getByRole('listitem');
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    expect(await rows.first().textContent()).toContain('查看登记完整信息');
    expect(await rows.first().textContent()).toContain('李秀英 138****0002');
    expect(await rows.first().textContent()).toContain('陈明 138****0004');

    await page.getByPlaceholder('操作人或被查看人，可不填').fill('13800000003');
    await page.getByRole('button', { name: '查询' }).click();
    await expect.poll(() => page.getByText('没有符合条件的记录').count()).toBe(1);
    await page.getByPlaceholder('操作人或被查看人，可不填').fill('13800000004');
    await page.getByRole('button', { name: '查询' }).click();
    await expect.poll(() => rows.count()).toBe(1);
    await page.screenshot({ path: artifactPath('audit-log.png'), fullPage: true });
    await context.close();
  });

  it('lets an administrator set how long data is kept, and residents see it on the registration form', async () => {
    const { context, page } = await h.phones.phone(ADMIN);
    await page.goto(`/mcenter?poiId=${HOME}`);
    await page.getByRole('link', { name: /信息保存期限/ }).click();
    const travel = page.getByRole('spinbutton', { name: '行程信息（返京日期、地点、交通）' });
    await expect.poll(() => travel.inputValue()).toBe('30');
    await travel.fill('45');
    await page.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => page.getByText(/现行规则（本小区设置）：行程信息在返回日期45天后删除/).count()).toBe(1);
    await page.screenshot({ path: artifactPath('retention.png'), fullPage: true });
    await context.close();

    const visitor = await h.phones.phone('13912340009');
    await visitor.page.goto(`/addmsg?poiId=${HOME}`);
    // In the privacy notice above the form's tick, under 保存期限.
    // The form loads its profile and the notice after the page: a busy machine may take a while.
    await expect.poll(() => visitor.page.locator('.reg-consent').getByText(/^行程信息在返回日期45天后删除/).count(), { timeout: 20_000 }).toBe(1);
    await visitor.context.close();
  });
});
