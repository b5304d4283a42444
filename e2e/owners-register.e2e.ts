import { describe, expect, it } from 'vitest';
import { artifactPath } from './support/browser';
import { usePhoneHarness } from './support/phone-harness';

const ADMIN = '13800000001';
/** 花家地北里: administered by the demo administrator. */
const SECOND = 'DEMO000002';

const h = usePhoneHarness();

describe('房屋登记: owners as persons (issue 37)', () => {
  it('adds a home with two co-owners and the area’s source, and the register counts owners as art. 9 does', async () => {
    const { context, page } = await h.phones.phone(ADMIN);
    await page.goto(`/units?poiId=${SECOND}`);
    await page.getByRole('button', { name: '添加房屋' }).click();
    await page.getByPlaceholder('如 3 或 3号楼').fill('12');
    await page.getByPlaceholder('如 1201').fill('301');
    await page.getByPlaceholder('专有部分面积').fill('120.58');
    await page.getByText('不动产登记簿记载面积').click();
    await page.getByRole('button', { name: '添加业主' }).click();
    await page.getByRole('textbox', { name: '业主1姓名' }).fill('王五');
    await page.getByRole('textbox', { name: '业主1手机号' }).fill('13912345671');
    await page.getByRole('button', { name: '添加业主' }).click();
    await page.getByRole('textbox', { name: '业主2姓名' }).fill('赵六');
    await page.screenshot({ path: artifactPath('owners-unit-form.png'), fullPage: true });
    await page.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => page.getByText(/王五 139\*\*\*\*5671、赵六 · 面积登记/).count()).toBe(1);
    await expect.poll(() => page.getByRole('region', { name: '登记汇总' }).textContent()).toMatch(/按司法解释第九条计业主 \d+ 人/);
    await page.screenshot({ path: artifactPath('owners-unit-persons.png'), fullPage: true });
    await context.close();
  });
});
