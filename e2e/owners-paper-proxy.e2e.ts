import { describe, expect, it } from 'vitest';
import { beijingDateTime } from '@sq/contract/beijing-time';
import { smallPhoto } from '@sq/server/test/images/image-helpers';
import { BallotDeskPage } from './pages/ballot-desk-page';
import { PollView } from './pages/poll-view';
import { artifactPath } from './support/browser';
import { usePhoneHarness } from './support/phone-harness';
import { toast } from './support/phones';

const MANAGER = '13800000002';
const HOME = 'DEMO000001';
const DAY_MS = 86_400_000;
const h = usePhoneHarness();

/** A home of the demo community's register, and an owners' vote of the register (open by default). */
async function ownersVote(title: string, secret: 0 | 1) {
  const created = await h.phones.api<{ poll: { _id: string } }>(MANAGER, '/v1/polls', { title, end_time: beijingDateTime(new Date(Date.now() + 3 * DAY_MS)), owners: 1, poiId: HOME, matterItem: 4, secret });
  expect(created.code, created.message).toBe(200);
  return created.data.poll._id;
}

describe('业主表决：业主在手机上投票，纸质票', () => {
  it('tells an owner of a new vote, leads from the home page to it, confirms the ballot, copies the receipt and finds it in the published list after the deadline', async () => {
    const OWNER = '13912340021';
    await h.phones.token(OWNER);
    const unit = await h.phones.api(MANAGER, '/v1/manage/units/save', { poiId: HOME, building: '9', unit: '3', room: '601', area: '96.5', mobiles: [OWNER] });
    expect(unit.code, unit.message).toBe(200);
    const id = await ownersVote('选聘新的物业服务企业（无记名）', 1);

    const { context, page } = await h.phones.phone(OWNER);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.server.origin });
    // 消息 tells the owner that the vote started.
    await page.goto('/notices');
    await expect.poll(() => page.getByText(/业主表决「选聘新的物业服务企业（无记名）」已发起，表决时间/).count()).toBe(1);
    // The home page carries the vote waiting for the owner, leading straight to it.
    await page.goto(`/?poiId=${HOME}`);
    const banner = page.getByRole('link', { name: /业主表决 · 待您投票/ });
    await expect.poll(() => banner.textContent()).toContain('选聘新的物业服务企业（无记名）');
    await page.screenshot({ path: artifactPath('owners-vote-banner.png') });
    await banner.click();
    await page.waitForURL((u) => u.pathname === '/chiocevote' && u.searchParams.get('id') === id);

    // The page says which homes the ballot covers; 投票 first repeats the choice and the homes.
    await expect.poll(() => page.getByText('本次投票计入：9栋3单元601（1户）', { exact: false }).count()).toBe(1);
    const view = new PollView(page);
    await view.vote('反对');
    await view.confirmDialog.waitFor();
    expect(await view.confirmDialog.textContent()).toContain('您的选择：反对');
    expect(await view.confirmDialog.textContent()).toContain('计入的房屋（1户）：9栋3单元601');
    await page.screenshot({ path: artifactPath('owners-vote-confirm.png'), fullPage: true });
    // 返回修改 goes back without casting anything.
    await view.confirmDialog.getByRole('button', { name: '返回修改' }).click();
    await expect.poll(() => view.confirmDialog.count()).toBe(0);
    await view.castOwners('同意');

    const receipt = page.getByTestId('receipt');
    await expect.poll(() => receipt.count()).toBe(1);
    const code = (await receipt.textContent())!.trim();
    await page.getByRole('button', { name: '复制回执码' }).click();
    await toast(page, '回执码已复制').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    await page.screenshot({ path: artifactPath('owners-vote-receipt.png'), fullPage: true });

    // After the deadline the receipts are published: the owner finds theirs in the list.
    h.server.shiftClock(4 * DAY_MS);
    try {
      await page.reload();
      await page.getByRole('textbox', { name: '回执码' }).fill(code);
      const published = page.getByLabel('回执公示');
      await published.waitFor();
      await page.getByRole('button', { name: '核对' }).click();
      await expect.poll(() => published.textContent()).toMatch(/✓ 你的回执在公示列表第 \d+ 条/);
      expect(await published.textContent()).toContain('两者一致');
      await page.screenshot({ path: artifactPath('owners-vote-published.png'), fullPage: true });
    } finally {
      h.server.shiftClock(-4 * DAY_MS);
    }
    await context.close();
  });

  it('lets a manager enter a signed paper ballot with its photo, and refuses a second ballot for the home, listing it', async () => {
    const unit = await h.phones.api(MANAGER, '/v1/manage/units/save', { poiId: HOME, building: '9', unit: '3', room: '602', area: '88', mobiles: ['13912340022'] });
    expect(unit.code, unit.message).toBe(200);
    const id = await ownersVote('更换小区电梯（使用维修资金）', 0);
    const { context, page } = await h.phones.phone(MANAGER);
    await page.goto(`/chiocevote?id=${id}`);
    await page.getByRole('link', { name: '录入纸质票与委托' }).click();
    await page.waitForURL((u) => u.pathname === '/polldesk');
    const desk = new BallotDeskPage(page);
    await desk.paper('9栋3单元602', '同意', await smallPhoto(77));
    await toast(page, '9栋3单元602 的纸质票已录入').waitFor();
    await expect.poll(() => desk.paperList.textContent()).toContain('9栋3单元602');
    // The photo is kept with the ballot and shown to the staff.
    const thumb = desk.paperList.getByRole('img', { name: '9栋3单元602 的纸质票照片' });
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await page.screenshot({ path: artifactPath('ballot-desk.png'), fullPage: true });

    // A second paper ballot for the same home is refused with the reason and listed (without its choice).
    await desk.paper('9栋3单元602', '反对', await smallPhoto(78));
    await toast(page, '9栋3单元602 已投票（每户只计第一张有效票），本票不计入').waitFor();
    await expect.poll(() => desk.refusedList.textContent()).toContain('9栋3单元602 · 纸质票');
    expect(await desk.refusedList.textContent()).not.toMatch(/同意|反对/);
    // The vote counts it once.
    await page.goto(`/chiocevote?id=${id}`);
    await expect.poll(() => page.getByRole('region', { name: '表决统计' }).textContent()).toMatch(/1户共\d+户/);
    await context.close();
  });

  it('voids a paper ballot entered for the wrong home with a reason, lists it as 已作废, and takes the right home’s ballot; the notice counts by channel', async () => {
    for (const room of ['603', '604']) {
      const unit = await h.phones.api(MANAGER, '/v1/manage/units/save', { poiId: HOME, building: '9', unit: '3', room, area: '88', mobiles: [`139123400${room.slice(1)}`] });
      expect(unit.code, unit.message).toBe(200);
    }
    const id = await ownersVote('增设电动自行车充电桩（作废测试）', 0);
    const { context, page } = await h.phones.phone(MANAGER);
    await page.goto(`/polldesk?id=${id}`);
    const desk = new BallotDeskPage(page);
    await desk.paper('9栋3单元603', '同意', await smallPhoto(79));
    await toast(page, '9栋3单元603 的纸质票已录入').waitFor();
    await desk.voidPaper('9栋3单元603', '录错房屋，应为604室');
    await toast(page, '9栋3单元603 的纸质票已作废，可重新录入').waitFor();
    await expect.poll(() => desk.refusedList.textContent()).toContain('9栋3单元603 · 纸质票 · 已作废');
    expect(await desk.refusedList.textContent()).toContain('理由：录错房屋，应为604室');
    await expect.poll(() => desk.paperList.textContent()).not.toContain('9栋3单元603');
    await desk.paper('9栋3单元604', '同意', await smallPhoto(80));
    await toast(page, '9栋3单元604 的纸质票已录入').waitFor();
    await page.screenshot({ path: artifactPath('ballot-desk-voided.png'), fullPage: true });
    // The A4 notice counts the homes by channel (the voided ballot not among them).
    await page.goto(`/pollnotice?id=${id}`);
    await expect.poll(() => page.getByText(/按投票方式：线上0户，委托人代投0户，纸质票1户/).count()).toBe(1);
    await context.close();
  });

  it('lets an owner name a proxy in the notice period, see it, and withdraw it', async () => {
    const OWNER = '13912340031';
    const PROXY = '13912340032';
    await h.phones.token(OWNER);
    const unit = await h.phones.api(MANAGER, '/v1/manage/units/save', { poiId: HOME, building: '9', unit: '3', room: '701', area: '90', mobiles: [OWNER] });
    expect(unit.code, unit.message).toBe(200);
    const created = await h.phones.api<{ poll: { _id: string } }>(MANAGER, '/v1/polls', {
      title: '调整停车管理办法（公告期委托）',
      start_time: beijingDateTime(new Date(Date.now() + 16 * DAY_MS)),
      end_time: beijingDateTime(new Date(Date.now() + 20 * DAY_MS)),
      owners: 1,
      poiId: HOME,
      matterItem: 4,
      secret: 0,
    });
    expect(created.code, created.message).toBe(200);
    const { context, page } = await h.phones.phone(OWNER);
    await page.goto(`/chiocevote?id=${created.data.poll._id}`);
    await page.getByRole('button', { name: '不方便投票？委托他人代投' }).click();
    await page.getByRole('textbox', { name: '委托人的手机号' }).fill(PROXY);
    await page.getByRole('button', { name: '委托', exact: true }).click();
    await page.getByRole('button', { name: '确认委托' }).click();
    const mine = page.getByRole('region', { name: '我的委托' });
    await expect.poll(() => mine.textContent()).toContain('为 9栋3单元701 投票');
    await page.screenshot({ path: artifactPath('owners-proxy-named.png'), fullPage: true });
    await mine.getByRole('button', { name: '撤回委托' }).click();
    await toast(page, '已撤回 9栋3单元701 的委托').waitFor();
    await expect.poll(() => page.getByRole('button', { name: '不方便投票？委托他人代投' }).count()).toBe(1);
    await context.close();
  });

  it('records a written authorisation, then withdraws it with a reason: listed as 已撤销 with its photo, the proxy no longer sees the vote, the owner is told', async () => {
    const OWNER = '13912340041';
    const PROXY = '13912340042';
    await h.phones.token(OWNER);
    await h.phones.token(PROXY);
    const unit = await h.phones.api(MANAGER, '/v1/manage/units/save', { poiId: HOME, building: '9', unit: '3', room: '702', area: '90', mobiles: [OWNER] });
    expect(unit.code, unit.message).toBe(200);
    const id = await ownersVote('续聘物业服务企业（书面委托）', 0);
    const { context, page } = await h.phones.phone(MANAGER);
    await page.goto(`/polldesk?id=${id}`);
    const desk = new BallotDeskPage(page);
    await desk.written('9栋3单元702', PROXY, await smallPhoto(81));
    await toast(page, '已为 9栋3单元702 录入委托').waitFor();
    await expect.poll(() => desk.proxyList.textContent()).toContain('书面委托');
    expect((await h.phones.api(PROXY, `/v1/polls/${id}`, {}, 'GET')).code).toBe(200);

    // No reason: refused on the spot; with one, withdrawn and kept as 已撤销.
    await desk.withdrawWritten('9栋3单元702', '');
    await toast(page, '请填写撤销理由（2至200个字）').waitFor();
    await page.getByLabel('9栋3单元702 书面委托的撤销理由').fill('业主已书面撤销委托');
    await page.getByRole('button', { name: '确认撤销' }).click();
    await toast(page, '9栋3单元702 的书面委托已撤销，已通知业主').waitFor();
    const withdrawn = page.getByRole('list', { name: '已撤销的书面委托' });
    await expect.poll(() => withdrawn.textContent()).toContain('9栋3单元702 · 委托人');
    expect(await withdrawn.textContent()).toContain('已撤销');
    expect(await withdrawn.textContent()).toContain('理由：业主已书面撤销委托');
    const thumb = withdrawn.getByRole('img', { name: '9栋3单元702 已撤销的委托书照片' });
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await desk.proxyList.getByRole('button', { name: '撤销委托' }).count()).toBe(0);
    await page.screenshot({ path: artifactPath('ballot-desk-proxy-withdrawn.png'), fullPage: true });

    // The proxy has no standing any more; the owner is told and may vote.
    expect((await h.phones.api(PROXY, `/v1/polls/${id}`, {}, 'GET')).code).toBe(403);
    const told = await h.phones.api<{ notifications: { body: string }[] }>(OWNER, '/v1/notifications', {});
    expect(told.data.notifications.some((n) => n.body.includes('书面委托撤销（已撤销，理由：业主已书面撤销委托）'))).toBe(true);
    await context.close();
  });
});
