import { describe, expect, it } from 'vitest';
import { artifactPath } from './support/browser';
import { usePhoneHarness } from './support/phone-harness';
import { PollCreateForm } from './pages/poll-create-form';
import { VoteHomePage } from './pages/vote-home-page';

const RESIDENT = '13800000004';
const VISITOR = '13800000005';
const h = usePhoneHarness();

describe('社区投票 (/vote)', () => {
  it('leads the demo resident from home to the community’s polls and owners’ vote, and to a poll published there', async () => {
    const { context, page } = await h.phones.phone(RESIDENT);
    await page.goto('/?poiId=DEMO000001');
    await page.getByRole('link', { name: /^社区投票/ }).click();
    await page.waitForURL((u) => u.pathname === '/vote');
    const vote = new VoteHomePage(page);
    const community = vote.list('本小区的投票');
    await community.waitFor();

    // Open ones first by deadline: the polls of 望京花园西区 and the owners' vote of his home, each waiting for him.
    const cards = community.getByRole('link');
    await expect(cards.count()).resolves.toBe(4);
    await expect(cards.nth(0).textContent()).resolves.toMatch(/^周末便民服务项目征集（可多选）待投票进行中多选/);
    await expect(cards.nth(1).textContent()).resolves.toMatch(/^续聘望京物业服务企业（2027—2029年）待投票进行中业主表决/);
    await expect(cards.nth(2).textContent()).resolves.toMatch(/^儿童游乐区改造方案投票待投票进行中单选/);
    await expect(cards.nth(3).textContent()).resolves.toMatch(/^端午节社区活动安排已截止多选/);
    await expect(vote.summary.textContent()).resolves.toBe('有 3 个投票等您参与');
    await page.screenshot({ path: artifactPath('vote-home.png'), fullPage: true });

    // Creating one: the form publishes it to his community unless he unticks it.
    await vote.createSingle.click();
    await page.waitForURL((u) => u.pathname === '/svote');
    const form = new PollCreateForm(page);
    // The form's own heading (the list's may still be on screen for a moment while the form loads).
    await page.getByRole('heading', { level: 1, name: '创建单选投票' }).waitFor();
    const publish = page.locator('.create-poll-settings .adm-checkbox').filter({ hasText: '发布到望京花园西区' });
    await expect(publish.getAttribute('class')).resolves.toContain('adm-checkbox-checked');
    await form.fill('8号楼加装电梯意见征集', ['同意加装', '不同意加装']);
    await form.pickSuggestedDeadline();
    await form.done.click();
    await page.waitForURL((u) => u.pathname === '/chiocevote');
    await page.getByRole('heading', { name: '8号楼加装电梯意见征集' }).waitFor();

    // Back on /vote it is the community's, marked as his.
    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/vote');
    await expect(vote.poll('8号楼加装电梯意见征集').textContent()).resolves.toMatch(/待投票进行中单选我发起的/);
    await vote.tab('我的投票').click();
    await vote.list('我的投票').getByRole('link', { name: /^8号楼加装电梯意见征集/ }).waitFor();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('mine');
    await context.close();
  });

  it('asks a logged-out person to log in, and tells a visitor that a community’s polls are its residents’', async () => {
    const anonymous = await h.phones.anonymous();
    await anonymous.page.goto('/vote');
    await anonymous.page.getByText('登录后参与投票').waitFor();
    await anonymous.page.getByRole('button', { name: '去登录' }).click();
    await anonymous.page.waitForURL((u) => u.pathname === '/quickLogin' && u.searchParams.get('referer') === '/vote');
    await anonymous.context.close();

    const { context, page } = await h.phones.phone(VISITOR);
    await page.goto('/vote?poiId=DEMO000001');
    await page.getByText('您还不是本小区的居民').waitFor();
    await expect(page.getByRole('link', { name: '去出入登记' }).getAttribute('href')).resolves.toBe('/addmsg?poiId=DEMO000001');
    // His own polls are still his to see.
    await new VoteHomePage(page).tab('我的投票').click();
    await page.getByText('暂无数据~').waitFor();
    await context.close();
  });
});
