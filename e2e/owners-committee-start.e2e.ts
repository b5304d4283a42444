import { describe, expect, it } from 'vitest';
import { artifactPath } from './support/browser';
import { usePhoneHarness } from './support/phone-harness';

const ADMIN = '13800000001';
const MEMBER = '13912340051';
const OWNER = '13912340052';
/** 花家地北里: administered by the demo administrator. */
const POI = 'DEMO000002';

const h = usePhoneHarness();

describe('业主委员会成员在居民端发起业主表决 (issue 37)', () => {
  it('a committee member (a resident) starts a vote from /vote, issued by the 业主委员会; a plain owner sees no entry and is told who may', async () => {
    await h.phones.token(MEMBER);
    await h.phones.token(OWNER);
    for (const [room, mobile, name] of [
      ['501', MEMBER, '王主任'],
      ['502', OWNER, '李业主'],
    ] as const) {
      expect((await h.phones.api(ADMIN, '/v1/manage/units/save', { poiId: POI, building: '5', unit: '1', room, area: '90', persons: [{ name, mobile }] })).code).toBe(200);
    }
    // The administrator names the member of the 业主委员会 (as /ownerssettings does).
    expect((await h.phones.api(ADMIN, '/v1/manage/owners-committee/add', { poiId: POI, name: '王主任', mobile: MEMBER })).code).toBe(200);

    // The member opens 社区投票 and finds 发起业主表决, in the committee's name.
    const member = await h.phones.phone(MEMBER);
    await member.page.goto(`/vote?poiId=${POI}`);
    const entry = member.page.getByRole('link', { name: '发起业主表决' });
    await entry.waitFor();
    expect(await member.page.getByText('以花家地北里业主委员会名义发起，按房屋登记每户一票').count()).toBe(1);
    await entry.click();
    await member.page.waitForURL((u) => u.pathname === '/ownervotestart' && u.searchParams.get('poiId') === POI);
    await member.page.getByText('以花家地北里业主委员会名义发起').waitFor();
    await member.page.screenshot({ path: artifactPath('owners-committee-form.png'), fullPage: true });
    await member.page.getByPlaceholder('如：续聘XX物业服务企业').fill('选聘新的物业服务企业');
    await member.page.getByRole('button', { name: /截止时间/ }).click();
    await member.page.getByRole('group', { name: '选择截止时间（北京时间）' }).getByRole('button', { name: '确定' }).click();
    await member.page.getByText('（4）选聘和解聘物业服务企业或者其他管理人').click();
    await member.page.getByText('发起后立即开始').click();
    await member.page.getByRole('button', { name: '发起表决' }).click();
    await member.page.waitForURL(/\/chiocevote\?id=/);
    const procedure = member.page.getByRole('region', { name: '表决程序' });
    await expect.poll(() => procedure.textContent()).toContain('发布单位：花家地北里业主委员会');
    await member.page.screenshot({ path: artifactPath('owners-committee-started.png'), fullPage: true });
    await member.context.close();

    // A plain owner of the same community: no entry on /vote; the route explains who may start one.
    const owner = await h.phones.phone(OWNER);
    await owner.page.goto(`/vote?poiId=${POI}`);
    await owner.page.getByRole('list', { name: '本小区的投票' }).waitFor();
    await owner.page.getByText('选聘新的物业服务企业').first().waitFor();
    expect(await owner.page.getByRole('link', { name: '发起业主表决' }).count()).toBe(0);
    await owner.page.goto(`/ownervotestart?poiId=${POI}`);
    await owner.page.getByRole('heading', { name: '您暂不能发起业主表决' }).waitFor();
    expect(await owner.page.getByText(/业主表决只能由本小区业主委员会成员，或社区管理员、管理人员发起/).count()).toBe(1);
    expect(await owner.page.getByRole('button', { name: '发起表决' }).count()).toBe(0);
    await owner.page.screenshot({ path: artifactPath('owners-committee-refused.png'), fullPage: true });
    await owner.context.close();
  });
});
