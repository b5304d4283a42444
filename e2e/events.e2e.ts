import { describe, expect, it } from 'vitest';
import { unitOwners, units } from '@sq/server/db/schema';
import { artifactPath } from './support/browser';
import { usePhoneHarness } from './support/phone-harness';
import { EventPages } from './pages/event-pages';

const HOME = 'DEMO000001';
const MANAGER = '13800000002';
const RESIDENT = '13800000004';
const h = usePhoneHarness();

let rooms = 0;
/** A new person with a home in the community's register (a member who may sign up), by mobile. */
async function residentOf(mobile: string): Promise<string> {
  const db = h.server.database.db;
  const [unit] = await db.insert(units).values({ poiId: HOME, building: '97', room: String(3000 + rooms++), areaCenti: 9000 }).returning({ id: units.id });
  await db.insert(unitOwners).values({ unitId: unit!.id, mobileHash: h.server.pii.hash(mobile), mobileEnc: h.server.pii.encrypt(mobile), sort: 0 });
  return mobile;
}

/** A Beijing datetime-local value `days` from now at `hour`:00. */
function beijingInput(days: number, hour: number): string {
  const at = new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000);
  return `${at.toISOString().slice(0, 10)}T${String(hour).padStart(2, '0')}:00`;
}

describe('社区活动 (/activity)', () => {
  it('staff publish an event of 2 places; three residents sign up, the third waits; one cancels, the third moves up and is told', async () => {
    const title = '义诊：量血压测血糖';
    const staff = await h.phones.phone(MANAGER);
    const sp = staff.page;
    await sp.goto(`/activitypush?poiId=${HOME}`);
    await sp.getByRole('heading', { level: 1, name: '发布活动' }).waitFor();
    await sp.getByRole('button', { name: '健康' }).click();
    await sp.getByLabel('活动标题').fill(title);
    await sp.getByLabel('活动介绍').fill('社区医院医生现场量血压、测血糖，请空腹前来。');
    await sp.getByLabel('活动地点').fill('社区卫生服务站');
    await sp.getByLabel('开始时间').fill(beijingInput(2, 9));
    await sp.getByLabel('结束时间').fill(beijingInput(2, 11));
    await sp.getByLabel('名额（人数，含同行人）').fill('2');
    await sp.screenshot({ path: artifactPath('event-publish.png'), fullPage: true });
    await sp.getByRole('button', { name: '发布活动' }).click();
    await sp.waitForURL((u) => u.pathname === '/activitydetail');
    const id = new URL(sp.url()).searchParams.get('id')!;
    await sp.locator('.ev-detail-title', { hasText: title }).waitFor();
    await expect(sp.locator('.ev-facts').textContent()).resolves.toContain('剩余 2 / 共 2 人');

    const [a, b, c] = [RESIDENT, await residentOf('13700000101'), await residentOf('13700000102')];
    const phones: EventPages[] = [];
    for (const mobile of [a, b, c]) {
      const { page } = await h.phones.phone(mobile);
      const ev = new EventPages(page);
      await ev.openDetail(id);
      phones.push(ev);
    }
    await phones[0]!.signUp();
    await expect(phones[0]!.mineBox.textContent()).resolves.toContain('报名成功');
    await phones[1]!.signUp();
    await expect(phones[1]!.mineBox.textContent()).resolves.toContain('报名成功');
    // The third opened the page while a place was free: the sheet says so after reading again.
    await phones[2]!.page.reload();
    await phones[2]!.page.getByRole('button', { name: '名额已满，候补报名' }).waitFor();
    await expect(phones[2]!.page.locator('.ev-facts').textContent()).resolves.toContain('已满');
    await phones[2]!.signUp();
    await expect(phones[2]!.mineBox.textContent()).resolves.toContain('候补中 · 第 1 位');
    await phones[2]!.page.screenshot({ path: artifactPath('event-waiting.png'), fullPage: true });

    // The first cancels: the waiting one is moved up by itself.
    await phones[0]!.cancelSignup().catch(async (e: unknown) => {
      await phones[0]!.page.screenshot({ path: artifactPath('event-cancel-failed.png'), fullPage: true });
      throw e;
    });
    // Its place went to the one waiting: the event is full again.
    await phones[0]!.page.getByRole('button', { name: '名额已满，候补报名' }).waitFor();

    const third = phones[2]!.page;
    await third.reload();
    await third.locator('.ev-mine-box', { hasText: '报名成功' }).waitFor();
    // Signed up now: no sign-up button left for them (the check-in QR comes with event-checkin's ticket codes).
    expect(await third.locator('.ev-bar-button').count()).toBe(0);
    await third.screenshot({ path: artifactPath('event-moved-up.png'), fullPage: true });
    await third.goto('/notices');
    await third.getByText(`已为您报名成功`, { exact: false }).first().waitFor();
    await expect(third.locator('body').textContent()).resolves.toContain(title);

    // Staff's list: the two confirmed and the one who cancelled.
    await sp.goto(`/activitymanage?id=${id}`);
    const counts = sp.locator('.ev-counts');
    await counts.waitFor();
    await expect(counts.textContent()).resolves.toMatch(/已报名 2 · 候补 0 · 已签到 0 · 已取消 1/);
    await expect.poll(() => sp.locator('.ev-signup').count()).toBe(3);
    await expect.poll(() => sp.locator('.ev-signup', { hasText: '已取消' }).count()).toBe(1);
    await sp.screenshot({ path: artifactPath('event-manage.png'), fullPage: true });
  }, 180_000);

  it('the home shows the next events, the kinds and the ways to 我的活动, albums and spaces', async () => {
    const { page } = await h.phones.phone(RESIDENT);
    await page.goto(`/activity?poiId=${HOME}`);
    await page.getByRole('heading', { level: 1, name: '社区活动' }).waitFor();
    await page.locator('.ev-card-big').first().waitFor();
    for (const name of ['我的活动', '社区相册', '场地预约']) await page.getByRole('link', { name }).waitFor();
    await page.screenshot({ path: artifactPath('event-home.png'), fullPage: true });
    await page.getByRole('link', { name: /^亲子/ }).click();
    await page.waitForURL((u) => u.pathname === '/activitylist' && u.searchParams.get('kind') === 'family');
    await page.getByRole('tab', { name: '已结束' }).click();
    await page.waitForURL((u) => u.searchParams.get('when') === 'past');
  });
});
