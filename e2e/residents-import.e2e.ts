import { describe, expect, it } from 'vitest';
import { idCardCheckChar } from '@sq/contract/id-card';
import { RESIDENT_IMPORT_HEADER } from '@sq/contract/residents/import-residents';
import { workbookOf } from '@sq/server/test/polls/owners-helpers';
import { artifactPath } from './support/browser';
import { usePhoneHarness } from './support/phone-harness';

const ADMIN = '13800000001';
/** 花家地北里: administered by the demo administrator. */
const SECOND = 'DEMO000002';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const h = usePhoneHarness();

const idCard = (n: number) => {
  const first17 = `1101051985030${String(100 + n).slice(-3)}1`.slice(0, 17);
  return first17 + idCardCheckChar(first17);
};

describe('导入住户', () => {
  it('walks a manager through the residents’ import: bad rows listed first, a progress bar, the result, and the person’s pass', async () => {
    const { context, page } = await h.phones.phone(ADMIN);
    await page.goto(`/mcenter?poiId=${SECOND}`);
    await page.getByRole('link', { name: /导入住户/ }).click();
    await page.waitForURL(/\/importresidents\?poiId=DEMO000002/);
    await page.screenshot({ path: artifactPath('residents-import.png'), fullPage: true });

    // 1,500 residents and two bad rows: every bad row is listed before anything is written.
    const people = Array.from({ length: 1500 }, (_, i) => [`住户${i}`, `1397${String(i).padStart(7, '0')}`, '', idCard(i % 800), '', '业主', `${1 + (i % 30)}号楼`, '', '', '']);
    const file = await workbookOf([
      [...RESIDENT_IMPORT_HEADER],
      ...people,
      ['访客乙', '13977770001', '', idCard(1), '', '访客', '1号楼', '', '', ''],
      ['', '13977770002', '', idCard(2), '', '业主', '1号楼', '', '', ''],
    ]);
    await page.getByLabel('选择住户名单').setInputFiles({ name: '住户名单.xlsx', mimeType: XLSX, buffer: file });
    const preview = page.getByRole('status').filter({ hasText: '尚未写入任何数据' });
    await expect.poll(() => preview.textContent(), { timeout: 20_000 }).toContain('有问题 2 行');
    const problems = await page.getByRole('list', { name: '有问题的行' }).textContent();
    expect(problems).toContain('第1502行 · 身份身份请填写业主、租户或公司');
    expect(problems).toContain('第1503行 · 姓名请输入姓名');
    await page.screenshot({ path: artifactPath('residents-import-preview.png') });

    // Only the good rows: the bar shows the server's progress while they are written.
    await page.getByRole('button', { name: '只导入正确的 1500 行' }).click();
    const bar = page.getByRole('progressbar', { name: '导入进度' });
    await bar.waitFor();
    await page.screenshot({ path: artifactPath('residents-import-progress.png') });
    await page.getByText('已导入 1500 人').waitFor({ timeout: 30_000 });
    expect(await page.getByText('2 行有问题，未导入').count()).toBe(1);
    // The rows left out stay listed, with why, until the manager closes the list.
    const leftOut = page.getByRole('list', { name: '未导入的行' });
    await expect(leftOut.textContent()).resolves.toContain('第1502行 · 身份身份请填写业主、租户或公司');
    await page.waitForTimeout(3000);
    await expect(leftOut.isVisible()).resolves.toBe(true);
    await page.screenshot({ path: artifactPath('residents-import-done.png'), fullPage: true });
    await page.getByRole('button', { name: '关闭列表' }).click();
    await leftOut.waitFor({ state: 'detached' });
    await page.getByText('已导入 1500 人').waitFor();

    // In 登记记录, approved.
    await page.getByRole('link', { name: '查看登记记录' }).click();
    await page.waitForURL(/\/records\?poiId=DEMO000002/);
    await page.getByPlaceholder(/搜索/).fill('住户1499');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByText('住户1499').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await page.goBack();
    await page.waitForURL(/\/importresidents/);

    // The same file again: nobody is added twice.
    await page.getByLabel('选择住户名单').setInputFiles({ name: '住户名单.xlsx', mimeType: XLSX, buffer: file });
    await expect.poll(() => page.getByText('其中 1500 人已在本小区登记').count(), { timeout: 20_000 }).toBe(1);
    await page.getByRole('button', { name: '都不导入，改正后重新上传' }).click();

    await context.close();

    // The resident logs in with that mobile: the privacy notice first, then the pass.
    const resident = await h.phones.phone('13970000007');
    await resident.page.goto(`/pcheck?poiId=${SECOND}`);
    const notice = resident.page.getByRole('dialog', { name: '个人信息处理说明' });
    await notice.waitFor();
    await notice.getByRole('button', { name: '同意并继续' }).click();
    await resident.page.getByText('住户7').first().waitFor();
    await resident.page.screenshot({ path: artifactPath('residents-import-pass.png') });
    await resident.context.close();
  });
});
