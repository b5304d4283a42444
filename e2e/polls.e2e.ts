import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startListeningApp, type ListeningApp } from '@sq/server/test/support/listening-app';
import { DEMO_POLL_IDS } from '@sq/server/seed/demo-polls';
import { beijingDateTime } from '@sq/contract/beijing-time';
import { artifactPath, launchBrowser, phoneContext } from './support/browser';
import { LoginPage } from './pages/login-page';
import { PollCreateForm } from './pages/poll-create-form';
import { PollEmbedDemo } from './pages/poll-embed-demo';
import { PollView } from './pages/poll-view';

let server: ListeningApp;
let browser: Browser;
const contexts: BrowserContext[] = [];
let problems: string[];

beforeAll(async () => {
  [server, browser] = await Promise.all([startListeningApp(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});
beforeEach(() => {
  problems = [];
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
  expect(problems).toEqual([]);
});

/** A fresh phone (own storage) whose script errors and CSP violations fail the test. */
async function newPhone(token?: string): Promise<Page> {
  const context = await phoneContext(browser, server.origin);
  contexts.push(context);
  if (token) await context.addInitScript((t) => localStorage.setItem('token', t), token);
  const page = await context.newPage();
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/status of 4\d\d/.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  return page;
}

async function logInOnPhone(page: Page, mobile: string, referer: string) {
  await new LoginPage(page).openQuick(referer);
  await new LoginPage(page).logIn(mobile);
  await page.waitForURL((url) => url.pathname + url.search === referer);
}

const tokens = new Map<string, string>();
const tokenOf = async (page: Page) => (await page.evaluate(() => localStorage.getItem('token')))!;

describe('polls in a host page', () => {
  it('creates a single and a multiple choice poll inside the demo host, which receives both', async () => {
    const page = await newPhone();
    await logInOnPhone(page, '13800000005', '/embed-demo');
    tokens.set('13800000005', await tokenOf(page));
    const host = new PollEmbedDemo(page);

    await host.createSingle.click();
    const form = host.createForm();
    await expect(form.heading.textContent()).resolves.toBe('创建单选投票');
    // Two blank options to start with; the first two cannot be deleted.
    await expect(form.option(1).inputValue()).resolves.toBe('');
    await expect(form.option(2).inputValue()).resolves.toBe('');
    await expect(form.option(3).count()).resolves.toBe(0);
    await form.deleteOption(2).click();
    await form.toast('最少有2个选项').waitFor();

    await form.title.fill('周六上午社区义诊时间');
    await form.done.click();
    await form.toast('请输入选项名').waitFor();
    await form.fill('周六上午社区义诊时间', ['8:00-10:00', '10:00-12:00', '都可以', '删掉我']);
    await form.deleteOption(4).click();
    await expect(form.option(4).count()).resolves.toBe(0);
    await form.done.click();
    await form.toast('请选择截止时间').waitFor();
    await form.deadline.click();
    await page.screenshot({ path: artifactPath('poll-create-deadline.png'), fullPage: true });
    await form.deadline.click();
    await form.pickSuggestedDeadline();
    await expect(form.deadline.textContent()).resolves.toMatch(/\d{4}-\d{2}-\d{2} 20:00/);
    await form.toast('请选择截止时间').waitFor({ state: 'detached' });
    await page.screenshot({ path: artifactPath('poll-create-in-host.png'), fullPage: true });
    await form.done.click();

    await host.log.getByText('收到新投票「周六上午社区义诊时间」').waitFor();
    await expect(host.log.textContent()).resolves.toMatch(/来自 sq-poll-/);
    // The host closes its creation frame and shows the new poll instead.
    await expect.poll(() => page.locator('[data-testid="create-slot"] iframe').count()).toBe(0);
    const single = host.poll(0);
    await single.title.filter({ hasText: '周六上午社区义诊时间' }).waitFor();
    await expect(single.root.getByRole('radio').count()).resolves.toBe(3);
    // The frame follows its content: as tall as the poll, not the 420 px it starts with.
    const frame = host.pollFrames.first();
    await expect.poll(async () => (await frame.boundingBox())?.height ?? 0).not.toBe(420);
    await page.screenshot({ path: artifactPath('poll-created-in-host.png'), fullPage: true });

    await host.createMultiple.click();
    const multi = host.createForm();
    await expect(multi.heading.textContent()).resolves.toBe('创建多选投票');
    await multi.fill('小区广场增设哪些健身器材', ['乒乓球台', '单双杠', '太极推手器']);
    await multi.pickSuggestedDeadline();
    await multi.done.click();
    await host.log.getByText('收到新投票「小区广场增设哪些健身器材」').waitFor();
    const second = host.poll(1);
    await second.title.filter({ hasText: '小区广场增设哪些健身器材' }).waitFor();
    await expect(second.root.getByRole('checkbox').count()).resolves.toBe(3);
    // Both landed on the host page's address, so a reload shows them again.
    expect(new URL(page.url()).searchParams.getAll('poll')).toHaveLength(2);
  });

  it('creates a poll in a plain browser and opens it, with no host to hand it to', async () => {
    const page = await newPhone(tokens.get('13800000005'));
    await page.goto(`/svote?title=${encodeURIComponent('创建多选投票')}`);
    const form = new PollCreateForm(page);
    await expect(form.heading.textContent()).resolves.toBe('创建多选投票');
    await form.fill('楼道堆物清理日', ['周六', '周日']);
    await form.info.fill('请选择方便的日子，可多选。');
    await form.pickSuggestedDeadline();
    await page.screenshot({ path: artifactPath('poll-create.png'), fullPage: true });
    await form.done.click();
    await form.toast('投票创建成功').waitFor();
    await page.waitForURL((url) => url.pathname === '/chiocevote');
    const view = new PollView(page);
    await view.title.filter({ hasText: '楼道堆物清理日' }).waitFor();
    await page.getByText('请选择方便的日子，可多选。').waitFor();
  });

  it('lets three neighbours vote, shows 你已投票, (已选) and whole-number percentages, and the creator both', async () => {
    const creator = await server.login('13800000001');
    tokens.set('13800000001', creator);
    const created = await fetch(`${server.origin}/v1/polls`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        token: creator,
        title: '小区垃圾分类亭的位置',
        info: '请选择您认为最方便的位置。',
        end_time: beijingDateTime(new Date(Date.now() + 3 * 86_400_000)),
        options: [{ title: '东门' }, { title: '西门' }, { title: '中心花园' }],
        type: 0,
      }),
    }).then((r) => r.json() as Promise<{ data: { poll: { _id: string } } }>);
    const id = created.data.poll._id;

    // 1. Not logged in, inside the host: told to log in, the host page goes to the login and back.
    const first = await newPhone();
    const host = new PollEmbedDemo(first);
    await host.open([id]);
    const framed = host.poll(0);
    await framed.title.filter({ hasText: '小区垃圾分类亭的位置' }).waitFor();
    await expect(framed.result('东门')).resolves.toBeNull();
    await framed.vote('东门');
    await framed.toast('请登录后参与投票').waitFor();
    await first.waitForURL((url) => url.pathname === '/quickLogin');
    expect(new URL(first.url()).searchParams.get('referer')).toBe(`/embed-demo?poll=${id}`);
    await new LoginPage(first).logIn('13800000002');
    await first.waitForURL((url) => url.pathname === '/embed-demo');
    await framed.vote('东门');
    await framed.votedNotice.waitFor();
    await expect(framed.result('东门')).resolves.toEqual({ votes: 1, percent: 100, chosen: true });
    await expect(framed.voteButton.count()).resolves.toBe(0);

    // 2. and 3. Two more neighbours on the poll page itself.
    const second = await newPhone();
    await logInOnPhone(second, '13800000003', `/chiocevote?id=${id}`);
    await new PollView(second).vote('东门');
    await new PollView(second).votedNotice.waitFor();

    const third = await newPhone();
    await logInOnPhone(third, '13800000004', `/chiocevote?id=${id}`);
    tokens.set('13800000004', await tokenOf(third));
    const thirdView = new PollView(third);
    await thirdView.vote('西门');
    await thirdView.votedNotice.waitFor();
    // 2 of 3 is 66.7 %: the integer part, 66, not 67.
    await expect(thirdView.result('东门')).resolves.toEqual({ votes: 2, percent: 66, chosen: false });
    await expect(thirdView.result('西门')).resolves.toEqual({ votes: 1, percent: 33, chosen: true });
    await expect(thirdView.result('中心花园')).resolves.toEqual({ votes: 0, percent: 0, chosen: false });
    await expect(third.getByText('3人参与').count()).resolves.toBe(1);
    await third.screenshot({ path: artifactPath('poll-voted.png'), fullPage: true });

    // The creator sees the controls and the results together.
    const admin = await newPhone(creator);
    await admin.goto(`/chiocevote?id=${id}`);
    const adminView = new PollView(admin);
    await adminView.voteButton.waitFor();
    await expect(admin.getByRole('radio').count()).resolves.toBe(3);
    await expect(adminView.result('东门')).resolves.toEqual({ votes: 2, percent: 66, chosen: false });
    await admin.getByText('我发起的').waitFor();
    await admin.screenshot({ path: artifactPath('poll-admin.png'), fullPage: true });
  });

  it('shows an expired poll as 投票已过期 with options disabled, and refuses a vote on it', async () => {
    const page = await newPhone(tokens.get('13800000004'));
    await page.goto(`/chiocevote?id=${DEMO_POLL_IDS.dragonBoat}`);
    const view = new PollView(page);
    await view.expiredNotice.waitFor();
    await expect(view.voteButton.count()).resolves.toBe(0);
    const boxes = page.getByRole('checkbox');
    await expect(boxes.count()).resolves.toBe(3);
    for (const box of await boxes.all()) await expect(box.isDisabled()).resolves.toBe(true);
    await expect(view.result('包粽子比赛')).resolves.toEqual({ votes: 4, percent: 44, chosen: false });
    await page.screenshot({ path: artifactPath('poll-expired.png'), fullPage: true });

    // What a page still open from before the deadline would send.
    const answer = await page.evaluate(async (pollId) => {
      const detail = await (await fetch(`/v1/polls/${pollId}`)).json();
      const res = await fetch('/v1/polls/vote', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id: pollId, options: [detail.data.poll.options[0].option_id], token: localStorage.getItem('token') }),
      });
      return res.json();
    }, DEMO_POLL_IDS.dragonBoat);
    expect(answer).toEqual({ code: 409, message: '投票已过期', data: null });
  });

  it('asks voters to follow the public account first when the poll wants it, then votes', async () => {
    const page = await newPhone(tokens.get('13800000004'));
    await page.goto(`/chiocevote?id=${DEMO_POLL_IDS.weekendServices}`);
    const view = new PollView(page);
    await view.option('义诊量血压').click();
    await view.option('理发').click();
    await view.voteButton.click();
    await view.followPrompt.waitFor();
    await expect(view.followPrompt.getByRole('img', { name: '公众号二维码' }).isVisible()).resolves.toBe(true);
    await page.screenshot({ path: artifactPath('poll-follow-prompt.png'), fullPage: true });
    await view.followPrompt.getByRole('button', { name: '我已关注，继续投票' }).click();
    await view.votedNotice.waitFor();
    await expect(view.result('义诊量血压')).resolves.toMatchObject({ chosen: true });
    await expect(view.result('理发')).resolves.toMatchObject({ chosen: true });
    await expect(view.result('磨刀修伞')).resolves.toMatchObject({ chosen: false });
  });

  it('lists my polls on /chiocelist, open ones first', async () => {
    const page = await newPhone(tokens.get('13800000004'));
    await page.goto('/chiocelist');
    const items = page.locator('.poll-list-items').getByRole('link');
    await items.first().waitFor();
    const texts = await items.allTextContents();
    // All are open, the one closing soonest first: 3 days, 10 days, and the demo owners' vote in
    // 14 days, listed because this resident owns a home in its register (not voted yet).
    expect(texts).toHaveLength(3);
    expect(texts[0]).toContain('小区垃圾分类亭的位置');
    expect(texts[1]).toContain('周末便民服务项目征集');
    expect(texts[1]).toContain('已投票');
    expect(texts[2]).toContain('续聘望京物业服务企业');
    expect(texts[2]).not.toContain('已投票');
    // An owners' vote says so, and that it waits for this owner.
    expect(texts[2]).toContain('业主表决');
    expect(texts[2]).toContain('待投票');
    await page.screenshot({ path: artifactPath('poll-list.png'), fullPage: true });
  });
});
