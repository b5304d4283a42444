import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { artifactPath } from './support/browser';
import { usePhoneHarness } from './support/phone-harness';
import { toast } from './support/phones';
import { smallTargets } from './support/targets';

const POI = 'DEMO000001';
const RESIDENT = '13800000004';
const DUTY = '13800000003';
const env = usePhoneHarness();

describe('vehicles at the gate', () => {
  it('lets a resident add a plate, and the duty staff find it and record the car entering', async () => {
    const resident = await env.phones.phone(RESIDENT);
    await resident.page.goto(`/xxdetail?poiId=${POI}&type=user`);
    const plates = resident.page.getByRole('region', { name: '我的车辆' });
    await plates.waitFor();
    await plates.getByRole('textbox', { name: '车牌号' }).fill('京a 12345');
    await plates.getByRole('button', { name: '添加' }).click();
    await toast(resident.page, '车牌已登记').waitFor();
    await plates.getByText('京A12345').waitFor();
    // A plate no province issues is refused with the rule, and nothing is added.
    await plates.getByRole('textbox', { name: '车牌号' }).fill('AB12345');
    await plates.getByRole('button', { name: '添加' }).click();
    await toast(resident.page, '车牌号格式不正确（如 京A12345，新能源车如 京AD12345）').waitFor();
    await expect(plates.locator('.my-plates-plate').count()).resolves.toBe(1);
    await resident.page.screenshot({ path: artifactPath('my-plates.png'), fullPage: true });

    const duty = await env.phones.phone(DUTY);
    await duty.page.goto(`/mcenter?poiId=${POI}`);
    await duty.page.getByRole('link', { name: /车辆进出/ }).click();
    await duty.page.waitForURL((u) => u.pathname === '/vehicles');
    await duty.page.getByPlaceholder('如 京A12345').fill('京A12345');
    await duty.page.getByRole('button', { name: '查询' }).click();
    const result = duty.page.getByRole('region', { name: '查询结果' });
    await result.getByText('陈明 · 业主').waitFor();
    await result.getByText('已通过，通行证有效').waitFor();
    await expect(smallTargets(duty.page, 44)).resolves.toEqual([]);
    await expect(seriousViolations(duty.page)).resolves.toEqual([]);
    await duty.page.screenshot({ path: artifactPath('vehicles.png'), fullPage: true });
    await result.getByRole('button', { name: '记录驶入' }).click();
    await toast(duty.page, '京A12345 已记录驶入').waitFor();

    await duty.page.goto(`/crrecords?poiId=${POI}`);
    const line = duty.page.locator('.el-row').first();
    await line.getByText('京A***45').waitFor();
    await expect(line.textContent()).resolves.toContain('陈明');
    await Promise.all([resident.context.close(), duty.context.close()]);
  });
});
