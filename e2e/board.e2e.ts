import exifr from 'exifr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { unitOwners, units } from '@sq/server/db/schema';
import { artifactPath } from './support/browser';
import { usePhoneHarness } from './support/phone-harness';
import { BoardPages } from './pages/board-pages';

const RESIDENT = '13800000004';
const HOME = 'DEMO000001';
const OTHER = 'DEMO000002';
const h = usePhoneHarness();

let rooms = 0;
/** A new person with a home in `poiId`'s register (a member who may write there), by mobile. */
async function residentOf(poiId: string, mobile: string): Promise<string> {
  const db = h.server.database.db;
  const [unit] = await db.insert(units).values({ poiId, building: '98', room: String(2000 + rooms++), areaCenti: 9000 }).returning({ id: units.id });
  await db.insert(unitOwners).values({ unitId: unit!.id, mobileHash: h.server.pii.hash(mobile), mobileEnc: h.server.pii.encrypt(mobile), sort: 0 });
  return mobile;
}

/** Beijing, Tiananmen: where the photo says it was taken – what the board must never show. */
const GPS = { GPSLatitudeRef: 'N', GPSLatitude: '39/1 54/1 2700/100', GPSLongitudeRef: 'E', GPSLongitude: '116/1 23/1 2900/100' };
const gpsPhoto = () =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg({ quality: 85 })
    .withExif({ IFD0: { Make: 'Apple', Model: 'iPhone 15' }, IFD3: GPS })
    .toBuffer();
const plainPhoto = () => sharp({ create: { width: 600, height: 800, channels: 3, background: { r: 40, g: 120, b: 200 } } }).png().toBuffer();

/**
 * A phone holding only its token, as a native shell's WebView does (no login on this page, so no
 * cookie): the answers that list photos give it the cookie its <img> send to /v1/images.
 */
const phoneOf = (mobile: string) => h.phones.phone(mobile);

/** Whether every photo of the page's grids has loaded (a broken one has no natural width). */
const photosShown = (page: import('playwright-core').Page) =>
  page.locator('.bd-grid img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0));

describe('邻里圈 (/stick)', () => {
  let postId = '';
  const TEXT = '出一个闲置鱼缸，60厘米带过滤器，有意请联系13912345678，小区内自提。';

  it('lets a resident post with two photos (GPS removed, mobile masked), and a neighbour sees it, comments and likes', async () => {
    const original = await gpsPhoto();
    // The test photo really carries a position: otherwise its absence below would prove nothing.
    expect((await exifr.gps(original))?.latitude).toBeCloseTo(39.9075, 3);

    const { context, page } = await phoneOf(RESIDENT);
    const board = new BoardPages(page);
    await page.goto(`/stick?poiId=${HOME}`);
    await page.getByRole('heading', { level: 1, name: '邻里圈' }).waitFor();
    await board.publishButton.click();
    await page.waitForURL((u) => u.pathname === '/tpush');
    await board.acceptRulesIfAsked();
    await board.kind('其他').click();
    await page.getByLabel('内容').fill(TEXT);
    await expect(page.locator('#bd-publish-count').textContent()).resolves.toBe(`${[...TEXT].length}/2000`);
    await board.photoInput.setInputFiles([
      { name: 'tank.jpg', mimeType: 'image/jpeg', buffer: original },
      { name: 'filter.png', mimeType: 'image/png', buffer: await plainPhoto() },
    ]);
    // Both uploaded (no progress left), neither refused.
    await expect.poll(() => page.locator('.bd-photo').count()).toBe(2);
    await expect.poll(() => page.locator('.bd-photo-progress').count(), { timeout: 20_000 }).toBe(0);
    expect(await page.locator('.bd-photo-error').count()).toBe(0);
    await page.screenshot({ path: artifactPath('board-publish.png'), fullPage: true });
    await page.getByRole('button', { name: '发布' }).click();
    await page.waitForURL((u) => u.pathname === '/stickdetail');
    postId = new URL(page.url()).searchParams.get('id')!;

    // The mobile in the text is masked for everyone (公开电话 was left off).
    const text = page.locator('.bd-detail-text');
    await text.getByText('出一个闲置鱼缸').waitFor();
    await expect(text.textContent()).resolves.toContain('139****5678');
    await expect(text.textContent()).resolves.not.toContain('13912345678');
    await expect.poll(() => photosShown(page)).toEqual([true, true]);

    // The photo as served (web size and thumbnail) has no EXIF position, read with a real EXIF reader.
    const token = await h.phones.token(RESIDENT);
    const post = await h.phones.api<{ post: { images: { url: string; thumbUrl: string }[] } }>(RESIDENT, `/v1/board/posts/${postId}`, {}, 'GET');
    expect(post.data.post.images).toHaveLength(2);
    for (const url of [post.data.post.images[0]!.url, post.data.post.images[0]!.thumbUrl]) {
      const res = await fetch(new URL(url, h.server.origin), { headers: { token } });
      expect(res.status).toBe(200);
      const served = Buffer.from(await res.arrayBuffer());
      expect(served.length).toBeGreaterThan(100);
      expect(await exifr.gps(served).catch(() => undefined)).toBeFalsy();
      expect(await exifr.parse(served, { gps: true, tiff: true, xmp: true }).catch(() => undefined)).toBeFalsy();
    }
    await context.close();

    // A neighbour finds it on the board, opens it, likes and comments.
    const neighbour = await phoneOf(await residentOf(HOME, '13622220001'));
    const theirs = new BoardPages(neighbour.page);
    await neighbour.page.goto(`/stick?poiId=${HOME}`);
    const card = theirs.card('出一个闲置鱼缸');
    await card.waitFor();
    await expect(card.textContent()).resolves.toContain('139****5678');
    await card.scrollIntoViewIfNeeded();
    await expect.poll(() => card.locator('img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).naturalWidth > 0))).toEqual([true, true]);
    await neighbour.page.screenshot({ path: artifactPath('board-feed.png') });
    await card.getByRole('link', { name: /出一个闲置鱼缸/ }).click();
    await neighbour.page.waitForURL((u) => u.pathname === '/stickdetail' && u.searchParams.get('id') === postId);
    await theirs.likeButton.click();
    await expect.poll(() => theirs.likeButton.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => theirs.likeButton.textContent()).toContain('已赞 1');
    await neighbour.page.getByLabel('写评论').fill('鱼缸还在吗？晚上想去看看');
    await neighbour.page.getByRole('button', { name: '发送' }).click();
    await theirs.comment('鱼缸还在吗？晚上想去看看').waitFor();
    await neighbour.page.screenshot({ path: artifactPath('board-detail.png'), fullPage: true });
    await neighbour.context.close();

    // The author sees both, read again from the server (/detailRefresh becomes /stickdetail).
    const again = await phoneOf(RESIDENT);
    await again.page.goto(`/detailRefresh?id=${postId}`);
    await again.page.waitForURL((u) => u.pathname === '/stickdetail' && u.searchParams.get('id') === postId);
    await new BoardPages(again.page).comment('鱼缸还在吗？晚上想去看看').waitFor();
    await expect(again.page.locator('.bd-actions').textContent()).resolves.toContain('赞 1');
    await again.context.close();
  });

  it('finds a post by a two-character word, the word marked', async () => {
    expect(postId).not.toBe('');
    const { context, page } = await h.phones.phone(RESIDENT);
    await page.goto('/sticksearch');
    await page.getByLabel('搜索帖子和评论').fill('鱼缸');
    await page.getByRole('button', { name: '搜索' }).click();
    await page.waitForURL((u) => u.pathname === '/searchlist' && u.searchParams.get('keyword') === '鱼缸');
    const card = new BoardPages(page).card('出一个闲置鱼缸');
    await card.waitFor();
    await expect(card.locator('mark').first().textContent()).resolves.toBe('鱼缸');
    // A word nobody wrote: the empty state, not an error.
    await page.goto('/searchlist?keyword=' + encodeURIComponent('潜水艇'));
    await page.getByText('没有找到含“潜水艇”的帖子').waitFor();
    // Kept on the phone for next time.
    await page.goto('/sticksearch');
    await page.getByRole('link', { name: '鱼缸' }).waitFor();
    await context.close();
  });

  it('refuses a person of another community, with the way to their own', async () => {
    expect(postId).not.toBe('');
    const { context, page } = await h.phones.phone(await residentOf(OTHER, '13622220002'));
    await page.goto(`/stick?poiId=${HOME}`);
    const refusal = page.locator('.bd-refusal');
    await refusal.waitFor();
    await expect(refusal.textContent()).resolves.toMatch(/请先加入/);
    await refusal.getByRole('link', { name: '选择或加入我的小区' }).waitFor();
    await expect(page.locator('article.bd-card').count()).resolves.toBe(0);
    await page.goto(`/stickdetail?id=${postId}`);
    await page.locator('.bd-refusal').waitFor();
    await expect(page.getByText('出一个闲置鱼缸').count()).resolves.toBe(0);
    await context.close();
  });
});
