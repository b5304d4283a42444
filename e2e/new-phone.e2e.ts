import { describe, expect, it } from 'vitest';
import { idCard } from '@sq/server/test/support/factories';
import { artifactPath } from './support/browser';
import { usePhoneHarness } from './support/phone-harness';
import { PassPage } from './pages/pass-page';

const MANAGER = '13800000002';
const ADMIN = '13800000001'; // administrator of two communities
const RESIDENT = '13800000004';
const POI = 'DEMO000001';

const h = usePhoneHarness();

/** With the network cut, the page's own requests fail as expected: only those are forgiven. */
const forgiveOffline = () => h.phones.problems.splice(0, h.phones.problems.length, ...h.phones.problems.filter((p) => !/ERR_INTERNET_DISCONNECTED/.test(p)));

/** A resident the manager entered (imported) who has never used the app: the person's first login is on this phone. */
async function importedResident(mobile: string) {
  const card = idCard();
  const res = await h.phones.api(MANAGER, '/v1/userCard', { poiId: POI, name: '新手机', mobile, card, owner: '业主', address: '2号楼', isReturn: 0, import: 1 });
  expect(res.code, res.message).toBe(200);
}

describe('a pass that never vanishes (a new phone, a first login)', () => {
  it('opens the installed app’s start page /pcheck straight to the pass the account has, on a phone that knows nothing', async () => {
    const mobile = '13712340077';
    await importedResident(mobile);
    const { context, page } = await h.phones.phone(mobile);
    const pass = new PassPage(page);
    await page.goto('/pcheck');
    await pass.qr.waitFor();
    expect(new URL(page.url()).searchParams.get('poiId')).toBe(POI);
    await page.screenshot({ path: artifactPath('new-phone-pcheck.png') });

    // Home on another new phone of the same person: the community, not 您还没有选择社区.
    const second = await h.phones.phone(mobile);
    await second.page.goto('/');
    await second.page.getByRole('heading', { level: 1, name: /望京花园西区/ }).waitFor();
    expect(await second.page.getByText('您还没有选择社区').count()).toBe(0);
    await context.close();
    await second.context.close();
  });

  it('asks the account’s community once on a phone that knows only the login (the answer that shows it is not dropped and asked again)', async () => {
    const { context, page } = await h.phones.phone(RESIDENT);
    const asked: string[] = [];
    page.on('request', (r) => void (r.url().includes('/v1/mobile/community/userInfo') && asked.push(r.method())));
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: /望京花园西区/ }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual(['POST']);
    await context.close();
  });

  it('leaves a pass its holder deleted (我的信息, on another phone): the open page stops showing a usable pass', async () => {
    const mobile = '13712340078';
    await importedResident(mobile);
    const { context, page } = await h.phones.phone(mobile);
    const pass = new PassPage(page);
    await pass.open(POI, 1);
    await pass.qr.waitFor();
    expect((await h.phones.api(mobile, '/v1/mydata/deleteRegistration', { poiId: POI })).code).toBe(200);
    // The page's next question about its code finds no pass: it fetches the pass again, finds none, and leaves.
    await page.waitForURL((u) => u.pathname === '/addmsg', { timeout: 15_000 });
    expect(await pass.qr.count()).toBe(0);
    await context.close();
  });

  it('offers a choice when the account belongs to several communities', async () => {
    const { context, page } = await h.phones.phone(ADMIN);
    await page.goto('/pcheck?state=2');
    const list = page.getByRole('list', { name: '我所属的社区' });
    await list.getByRole('link', { name: /花家地北里/ }).waitFor();
    await page.screenshot({ path: artifactPath('new-phone-choice.png') });
    await list.getByRole('link', { name: /望京花园西区/ }).click();
    await page.waitForURL(/\/pcheck\?poiId=DEMO000001&state=2/);
    await context.close();
  });

  it('opens home with no network: says 离线 and leads to the pass kept on the phone', async () => {
    const { context, page } = await h.phones.phone(RESIDENT, undefined, 'allow');
    const pass = new PassPage(page);
    await pass.open(POI, 1);
    await pass.qr.waitFor();
    await page.goto(`/?poiId=${POI}`);
    await page.getByRole('heading', { level: 1, name: /望京花园西区/ }).waitFor();
    await expect.poll(() => page.evaluate(async () => Boolean(navigator.serviceWorker.controller)), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => page.evaluate(async () => (await caches.keys()).some((k) => k.includes('precache'))), { timeout: 20_000 }).toBe(true);

    await context.setOffline(true);
    await page.reload();
    await page.getByText('当前离线').waitFor({ timeout: 15_000 });
    await page.screenshot({ path: artifactPath('home-offline.png') });
    await page.getByRole('button', { name: '打开我的通行证' }).click();
    await pass.offline.waitFor();
    await pass.qr.waitFor();
    await context.setOffline(false);
    await context.close();
    forgiveOffline();
  });
});
