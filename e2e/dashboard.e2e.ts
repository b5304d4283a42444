import { describe, expect, it } from 'vitest';
import { DashboardPage } from './pages/dashboard-page';
import { artifactPath } from './support/browser';
import { usePhoneHarness } from './support/phone-harness';

const ADMIN = '13800000001';
const MANAGER = '13800000002';
const DUTY = '13800000003';
const RESIDENT = '13800000004';
const HOME = 'DEMO000001';

const h = usePhoneHarness();

describe('统计概览', () => {
  it('shows a manager today’s gate traffic and the reviews, equal to the lists, from the management centre', async () => {
    for (const pass of [1, 1, 2]) {
      const mine = await h.phones.api<{ userCard: { code: string } }>(RESIDENT, '/v1/userCard/my', { poiId: HOME, pass }, 'GET');
      const scan = await h.phones.api(DUTY, '/v1/userCard/userInfo', { poiId: HOME, code: mine.data.userCard.code, pass });
      expect(scan.code, scan.message).toBe(200);
    }
    const logs = await h.phones.api<{ logs: { pass: number }[] }>(MANAGER, '/v1/userCard/userLog', { poiId: HOME });
    const list = await h.phones.api<{ status_0: number; status_1: number }>(MANAGER, '/v1/userCard/list', { poiId: HOME });

    const { context, page } = await h.phones.phone(MANAGER);
    await page.goto(`/mcenter?poiId=${HOME}`);
    await page.getByRole('link', { name: /统计概览/ }).click();
    const board = new DashboardPage(page);
    await expect.poll(() => board.entriesToday.textContent()).toBe(String(logs.data.logs.filter((l) => l.pass === 1).length));
    expect(await board.exitsToday.textContent()).toBe(String(logs.data.logs.filter((l) => l.pass === 2).length));
    expect(await board.status('待审核')).toBe(list.data.status_0);
    expect(await board.status('已通过')).toBe(list.data.status_1);
    expect(await board.charts.count()).toBe(2);
    await board.range(30).click();
    expect(await board.range(30).getAttribute('aria-pressed')).toBe('true');
    await page.screenshot({ path: artifactPath('dashboard-manager.png'), fullPage: true });

    // A tile leads to the list it counts.
    await page.getByRole('link', { name: /待审核/ }).click();
    await page.waitForURL(/\/records\?poiId=DEMO000001&tab=pending/);
    await context.close();
  });

  it('refuses duty staff, and adds up all communities for an administrator from 小区列表', async () => {
    const duty = await h.phones.phone(DUTY);
    await new DashboardPage(duty.page).open(HOME);
    await expect.poll(() => duty.page.getByText('无权访问').count()).toBe(1);
    await duty.context.close();

    const { context, page } = await h.phones.phone(ADMIN);
    await page.goto('/gllist');
    await page.getByRole('link', { name: '全部小区统计' }).click();
    await expect.poll(() => page.getByText(/全部 \d+ 个小区/).count()).toBe(1);
    await page.screenshot({ path: artifactPath('dashboard-admin.png'), fullPage: true });
    await context.close();
  });
});
