import { describe, expect, it } from 'vitest';
import { unitOwners, units } from '@sq/server/db/schema';
import { artifactPath } from './support/browser';
import { usePhoneHarness } from './support/phone-harness';
import { BoardPages } from './pages/board-pages';

const HOME = 'DEMO000001';
const h = usePhoneHarness();

let rooms = 0;
/** A new person with a home in the register of HOME (a member who may write there), by mobile. */
async function resident(mobile: string): Promise<string> {
  const db = h.server.database.db;
  const [unit] = await db.insert(units).values({ poiId: HOME, building: '97', room: String(3000 + rooms++), areaCenti: 9000 }).returning({ id: units.id });
  await db.insert(unitOwners).values({ unitId: unit!.id, mobileHash: h.server.pii.hash(mobile), mobileEnc: h.server.pii.encrypt(mobile), sort: 0 });
  return mobile;
}

/** Posts `text` as `mobile` through /tpush (kind, and for 闲置 a price in yuan); answers the post's id. */
async function post(mobile: string, kind: string, text: string, yuan?: string): Promise<string> {
  const { context, page } = await h.phones.phone(mobile);
  const board = new BoardPages(page);
  await page.goto(`/tpush?poiId=${HOME}`);
  await board.acceptRulesIfAsked();
  await board.kind(kind).click();
  await page.getByLabel('内容').fill(text);
  if (yuan !== undefined) await page.getByLabel('价格（元）').fill(yuan);
  await page.getByRole('button', { name: '发布' }).click();
  await page.waitForURL((u) => u.pathname === '/stickdetail');
  const id = new URL(page.url()).searchParams.get('id')!;
  await context.close();
  return id;
}

describe('邻里圈: what an author does with their own post, and what neighbours’ reports do', () => {
  it('prices a 闲置 post, edits it, marks it sold, answers a neighbour’s comment and deletes it', async () => {
    const seller = await resident('13633330001');
    const buyer = await resident('13633330002');
    const id = await post(seller, '闲置', '九成新婴儿推车，可折叠，小区内自提。', '120.5');

    // The buyer sees the price on the card and asks under the post.
    const b = await h.phones.phone(buyer);
    await b.page.goto(`/stick?poiId=${HOME}`);
    const card = new BoardPages(b.page).card('九成新婴儿推车');
    await card.waitFor();
    await expect(card.textContent()).resolves.toContain('¥120.50');
    await b.page.goto(`/stickdetail?id=${id}`);
    await b.page.getByLabel('写评论').fill('推车还在吗？');
    await b.page.getByRole('button', { name: '发送' }).click();
    await new BoardPages(b.page).comment('推车还在吗？').waitFor();

    // The seller edits the text, answers the comment and marks it sold.
    const s = await h.phones.phone(seller);
    const board = new BoardPages(s.page);
    await s.page.goto(`/stickdetail?id=${id}`);
    await s.page.getByRole('button', { name: '编辑' }).click();
    await s.page.waitForURL((u) => u.pathname === '/tpush' && u.searchParams.get('id') === id);
    // The form holds the post as it is, price included.
    await expect.poll(() => s.page.getByLabel('内容').inputValue()).toBe('九成新婴儿推车，可折叠，小区内自提。');
    await expect(s.page.getByLabel('价格（元）').inputValue()).resolves.toBe('120.50');
    await s.page.getByLabel('内容').fill('九成新婴儿推车，可折叠，带雨罩，小区内自提。');
    await s.page.getByRole('button', { name: '保存修改' }).click();
    await s.page.waitForURL((u) => u.pathname === '/stickdetail' && u.searchParams.get('id') === id);
    await s.page.locator('.bd-detail-text').getByText('带雨罩').waitFor();
    await expect(s.page.locator('main').textContent()).resolves.toContain('已编辑');

    await board.comment('推车还在吗？').getByRole('button', { name: '回复' }).click();
    await s.page.getByLabel(/回复/).last().fill('在的，晚上七点后都可以来看');
    await s.page.getByRole('button', { name: '发送' }).click();
    const reply = board.comment('在的，晚上七点后都可以来看');
    await reply.waitFor();
    await expect(reply.textContent()).resolves.toMatch(/回复 @/);

    await s.page.getByRole('button', { name: '标记已售出' }).click();
    await s.page.locator('.bd-tag-sold').getByText('已售出').waitFor();
    await s.page.getByRole('button', { name: '重新上架' }).waitFor();
    await s.page.screenshot({ path: artifactPath('board-own-post.png'), fullPage: true });

    // The buyer reads it again from the server: sold, edited, answered.
    await b.page.goto(`/detailRefresh?id=${id}`);
    await b.page.waitForURL((u) => u.pathname === '/stickdetail');
    await b.page.locator('.bd-tag-sold').getByText('已售出').waitFor();
    await new BoardPages(b.page).comment('在的，晚上七点后都可以来看').waitFor();

    // Deleted after a confirm: back on the board, and gone for the buyer.
    await s.page.locator('.bd-own-actions').getByRole('button', { name: '删除' }).click();
    await s.page.getByRole('dialog').getByRole('button', { name: '删除' }).click();
    await s.page.waitForURL((u) => u.pathname === '/stick');
    await b.page.goto(`/stick?poiId=${HOME}`);
    await b.page.getByRole('heading', { level: 1, name: '邻里圈' }).waitFor();
    await b.page.locator('article.bd-card').first().waitFor();
    await expect(new BoardPages(b.page).card('婴儿推车').count()).resolves.toBe(0);
    await b.page.goto(`/stickdetail?id=${id}`);
    await b.page.getByText('帖子不存在或已删除').waitFor();
    await b.context.close();
    await s.context.close();
  });

  it('hides a post three neighbours reported through 举报, and tells its author why', async () => {
    const author = await resident('13633330011');
    const id = await post(author, '其他', '低价出售各类会员卡，加我私聊，名额有限！');

    for (const [i, mobile] of ['13633330012', '13633330013', '13633330014'].entries()) {
      const n = await h.phones.phone(await resident(mobile));
      await n.page.goto(`/stickdetail?id=${id}`);
      await n.page.locator('.bd-actions').getByRole('button', { name: '举报' }).click();
      await n.page.getByRole('option', { name: '垃圾广告' }).click();
      await n.page.getByText('已举报，工作人员会尽快处理').waitFor();
      // The same person reporting again counts nothing: told so, the post still up for now.
      if (i === 0) {
        await n.page.locator('.bd-actions').getByRole('button', { name: '举报' }).click();
        await n.page.getByRole('option', { name: '诈骗或虚假信息' }).click();
        await n.page.getByText('您已举报过，工作人员会尽快处理').waitFor();
      }
      await n.context.close();
    }

    // A fourth neighbour no longer finds it.
    const other = await h.phones.phone(await resident('13633330015'));
    await other.page.goto(`/stickdetail?id=${id}`);
    await other.page.getByText('帖子不存在或已删除').waitFor();
    await other.context.close();

    // Its author still sees it, with why it is hidden.
    const a = await h.phones.phone(author);
    await a.page.goto(`/stickdetail?id=${id}`);
    const note = a.page.locator('.bd-status-held');
    await note.waitFor();
    await expect(note.textContent()).resolves.toContain('审核中，仅自己可见');
    await expect(note.textContent()).resolves.toContain('多位邻居举报了这条内容');
    await a.page.screenshot({ path: artifactPath('board-held-by-reports.png'), fullPage: true });
    await a.context.close();
  });
});
