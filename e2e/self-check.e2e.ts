import { describe, expect, it } from 'vitest';
import { artifactPath } from './support/browser';
import { usePhoneHarness } from './support/phone-harness';
import { toast } from './support/phones';
import { SelfCheckPage } from './pages/self-check-page';

const RESIDENT = '13800000004';
const h = usePhoneHarness();

describe('自助检测 (/test)', () => {
  it('is reached from 技术支持, finds the network and the clock right, and copies a report with nothing personal in it', async () => {
    const { context, page } = await h.phones.phone(RESIDENT);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.server.origin });
    await page.goto('/support');
    await page.getByRole('link', { name: '开始检测' }).click();
    await page.waitForURL((u) => u.pathname === '/test');
    const check = new SelfCheckPage(page);
    await check.finished();

    await expect(check.state('network')).resolves.toBe('ok');
    await expect(check.summary('network')).resolves.toMatch(/^网络通畅（往返约 \d+ 毫秒）$/);
    await expect(check.state('clock')).resolves.toBe('ok');
    await expect(check.summary('clock')).resolves.toBe('与北京时间一致（相差不到 1 秒）');
    await expect(check.state('storage')).resolves.toBe('ok');
    // Never a 检测中 left, and every row says something.
    for (const id of ['camera', 'location', 'notifications'] as const) await expect(check.state(id)).resolves.toMatch(/^(ok|warn|fail)$/);
    await page.screenshot({ path: artifactPath('self-check.png'), fullPage: true });

    await check.copy.click();
    await toast(page, '已复制').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/^【社区服务 自助检测结果】\n检测时间：\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}（北京时间）\n结论：/);
    expect(copied).toMatch(/\n网络连接：正常｜网络通畅（往返约 \d+ 毫秒）\n/);
    expect(copied).toContain('\n手机时间：正常｜与北京时间一致');
    expect(copied).toMatch(/\n应用版本：\d+\.\d+\.\d+/);
    expect(copied).toContain('已登录');
    // Nothing of the person's: not the mobile (whole or masked), not the session token.
    expect(copied).not.toContain(RESIDENT);
    expect(copied).not.toContain('****');
    expect(copied).not.toContain(await h.phones.token(RESIDENT));
    // The same text stays on screen, to read out.
    await expect(check.report.inputValue()).resolves.toBe(copied);
    await check.report.scrollIntoViewIfNeeded();
    await page.screenshot({ path: artifactPath('self-check-report.png') });
    await context.close();
  });

  it('calls a phone clock two minutes behind the server’s 异常 and says how to set it right', async () => {
    h.server.shiftClock(125_000);
    try {
      const { context, page } = await h.phones.anonymous();
      const check = new SelfCheckPage(page);
      await check.open();
      await expect(check.state('clock')).resolves.toBe('fail');
      await expect(check.summary('clock')).resolves.toMatch(/^手机时间比北京时间慢 2 分 [456] 秒$/);
      await expect(check.row('clock').textContent()).resolves.toContain('打开「自动设置」');
      await expect(check.state('network')).resolves.toBe('ok');
      await expect(check.verdict.textContent()).resolves.toMatch(/项异常（.*手机时间/);
      await page.screenshot({ path: artifactPath('self-check-clock.png'), fullPage: true });
      await context.close();
    } finally {
      h.server.shiftClock(-125_000);
    }
  });

  it('shows the report to read out or select when the phone cannot copy', async () => {
    const { context, page } = await h.phones.anonymous();
    // A WebView with neither the Clipboard API nor the old copy command.
    await context.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('NotAllowedError')) } });
      document.execCommand = () => false;
    });
    const check = new SelfCheckPage(page);
    await check.open();
    await check.copy.click();
    await expect(check.reportNote.textContent()).resolves.toContain('无法自动复制');
    await expect(check.report.inputValue()).resolves.toMatch(/网络连接：正常｜网络通畅（往返约 \d+ 毫秒）/);
    await expect(check.report.inputValue()).resolves.toContain('未登录');
    await context.close();
  });
});
