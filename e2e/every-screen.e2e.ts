import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { WebRoute } from '@sq/contract/routes';
import { PLACE_TYPE_IDS } from '@sq/contract/map/place-types';
import { DEMO_POLL_IDS } from '@sq/server/seed/demo-polls';
import { DEMO_OWNERS_VOTE_ID } from '@sq/server/seed/demo-owners';
import { DEMO_GROUP_BUY_IDS } from '@sq/server/seed/demo-groupbuys';
import { seriousViolations } from './support/axe';
import { artifactPath, phoneContext } from './support/browser';
import { usePhoneHarness } from './support/phone-harness';
import { seedCouponScreens } from './support/coupon-screens';
import { smallTargets, smallText } from './support/targets';

/**
 * Every route of the app (issue 32 item 9: axe and the tap-target check on every route in both
 * modes, not eight), opened as the person who uses it: no serious or critical axe finding, tap
 * targets ≥ 44 px; in 长辈模式 text ≥ 18 px and targets ≥ 60 px as well.
 */
const POI = 'DEMO000001';
const RESIDENT = '13800000004';
const MANAGER = '13800000002';
const ADMIN = '13800000001';
const DUTY = '13800000003';
const SHOP_OWNER = '13800000006';
type Who = typeof RESIDENT | typeof MANAGER | typeof ADMIN | typeof DUTY | typeof SHOP_OWNER | null;

const h = usePhoneHarness();
/** Ids the routes need, found once the server runs. */
const ids = { registration: '', place: '', visitLink: '', shop: '', batch: '', coupon: '', redbag: '', order: '' };

beforeAll(async () => {
  const list = await h.phones.api<{ userCards: { _id: string; name: string }[] }>(MANAGER, '/v1/userCard/list', { poiId: POI, keyword: '陈明' });
  ids.registration = list.data.userCards[0]!._id;
  const places = await h.phones.api<{ places: { id: string }[] }>(RESIDENT, '/v1/map/places', { type: PLACE_TYPE_IDS[0]!, lng: 116.4706, lat: 39.9935, page: 1 }, 'GET');
  ids.place = places.data.places[0]!.id;
  const invited = await h.phones.api<{ invitation: { link: string } }>(RESIDENT, '/v1/visits/invite', {
    poiId: POI,
    name: '无障碍访客',
    mobile: '13912345678',
    start: new Date(Date.now() + 8 * 3_600_000 + 60_000).toISOString().slice(0, 16).replace('T', ' '),
    end: new Date(Date.now() + 8 * 3_600_000 + 3 * 3_600_000).toISOString().slice(0, 16).replace('T', ' '),
    entries: 1,
  });
  ids.visitLink = invited.data?.invitation?.link ? new URL(invited.data.invitation.link).search : '?t=';
  Object.assign(ids, await seedCouponScreens(h, { owner: ADMIN, resident: RESIDENT, poiId: POI }));
  // 红包 (issue 35): a campaign of that shop, and the resident's packet.
  const now = Math.floor(Date.now() / 1000);
  const campaign = await h.phones.api<{ campaign: { id: string } }>(ADMIN, `/v1/merchants/${ids.shop}/redbags`, { title: '鲜果开业红包', packetFen: 1000, shares: 10, packets: 50, startsAt: now - 60, endsAt: now + 7 * 86_400, validDays: 7, thresholdFen: 3000, communities: [POI] });
  const packet = await h.phones.api<{ redbagId: string }>(RESIDENT, '/v1/redbags/start', { campaignId: campaign.data.campaign.id, poiId: POI });
  ids.redbag = packet.data.redbagId;
  // 社区团购 (issue 36): an order of the demo's group buy, waiting for payment.
  const item = await h.phones.api<{ groupBuy: { items: { id: string }[] } }>(RESIDENT, `/v1/group-buys/${DEMO_GROUP_BUY_IDS.shop}`, {}, 'GET');
  const order = await h.phones.api<{ order: { id: string } }>(RESIDENT, '/v1/orders', { groupBuyId: DEMO_GROUP_BUY_IDS.shop, lines: [{ itemId: item.data.groupBuy.items[0]!.id, qty: 1 }] });
  ids.order = order.data.order.id;
});

/** Every route, with who opens it and what it needs. */
const SCREENS: { path: () => string; who: Who }[] = [
  { path: () => WebRoute.home, who: RESIDENT },
  { path: () => WebRoute.login, who: null },
  { path: () => `${WebRoute.quickLogin}?referer=%2F`, who: null },
  { path: () => WebRoute.search, who: RESIDENT },
  { path: () => WebRoute.communityChooser, who: RESIDENT },
  { path: () => `${WebRoute.correction}?poiId=${POI}`, who: RESIDENT },
  { path: () => `${WebRoute.neighbours}?poiid=${POI}`, who: RESIDENT },
  { path: () => `${WebRoute.nearby}?poiId=${POI}`, who: RESIDENT },
  { path: () => `${WebRoute.placeDetail}?id=${ids.place}`, who: RESIDENT },
  { path: () => `${WebRoute.streetInfo}?poiId=${POI}`, who: RESIDENT },
  { path: () => `${WebRoute.communityInfo}?poiId=${POI}`, who: RESIDENT },
  { path: () => `${WebRoute.register}?poiId=${POI}`, who: RESIDENT },
  { path: () => `${WebRoute.pass}?poiId=${POI}&state=1`, who: RESIDENT },
  { path: () => `${WebRoute.invite}?poiId=${POI}`, who: RESIDENT },
  { path: () => `${WebRoute.visit}${ids.visitLink}`, who: null },
  { path: () => WebRoute.support, who: null },
  { path: () => `${WebRoute.privacy}?poiId=${POI}`, who: null },
  { path: () => `${WebRoute.myData}?poiId=${POI}`, who: RESIDENT },
  { path: () => WebRoute.notices, who: RESIDENT },
  { path: () => `${WebRoute.poll}?id=${DEMO_POLL_IDS.playground}`, who: RESIDENT },
  { path: () => `${WebRoute.pollNotice}?id=${DEMO_POLL_IDS.playground}`, who: RESIDENT },
  { path: () => WebRoute.pollList, who: RESIDENT },
  { path: () => `${WebRoute.createPoll}?poiId=${POI}`, who: RESIDENT },
  { path: () => `${WebRoute.vote}?poiId=${POI}`, who: RESIDENT },
  { path: () => WebRoute.selfCheck, who: null },
  { path: () => `${WebRoute.board}?poiId=${POI}`, who: RESIDENT },
  { path: () => WebRoute.boardPerson, who: RESIDENT },
  { path: () => WebRoute.boardSearch, who: RESIDENT },
  { path: () => `${WebRoute.boardSearchList}?poiId=${POI}&keyword=${encodeURIComponent('婴儿车')}`, who: RESIDENT },
  // The seed's 婴儿车 post (apps/server/src/seed/demo-board.ts), with comments and a reply.
  { path: () => `${WebRoute.boardPost}?id=b0000000-0000-4000-8000-000000000003`, who: RESIDENT },
  { path: () => `${WebRoute.boardPublish}?poiId=${POI}`, who: RESIDENT },
  { path: () => `${WebRoute.boardRules}?poiId=${POI}`, who: RESIDENT },
  // 社区活动 (issue 34); the event is the seed's 书法兴趣班 (apps/server/src/seed/demo-events.ts), which the demo resident signed up for.
  { path: () => `${WebRoute.events}?poiId=${POI}`, who: RESIDENT },
  { path: () => `${WebRoute.eventList}?poiId=${POI}`, who: RESIDENT },
  { path: () => `${WebRoute.eventKinds}?poiId=${POI}`, who: RESIDENT },
  { path: () => `${WebRoute.eventSearch}?poiId=${POI}&keyword=${encodeURIComponent('书法')}`, who: RESIDENT },
  { path: () => `${WebRoute.eventDetail}?id=e0000000-0000-4000-8000-000000000001`, who: RESIDENT },
  { path: () => WebRoute.myEvents, who: RESIDENT },
  { path: () => `${WebRoute.eventPublish}?poiId=${POI}`, who: MANAGER },
  { path: () => `${WebRoute.eventManage}?poiId=${POI}`, who: MANAGER },
  { path: () => `${WebRoute.eventManage}?id=e0000000-0000-4000-8000-000000000001`, who: MANAGER },
  // Check-in: the ticket a resident's QR opens (read by a resident: what it is for), the door QR
  // opened with an expired code, the door screen staff show, the scanner in its event mode.
  { path: () => `${WebRoute.eventTicket}?code=${encodeURIComponent('EV1.AAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA')}`, who: RESIDENT },
  { path: () => `${WebRoute.eventCheckin}?id=e0000000-0000-4000-8000-000000000001&door=expired`, who: RESIDENT },
  { path: () => `${WebRoute.eventDoor}?id=e0000000-0000-4000-8000-000000000001`, who: MANAGER },
  { path: () => `${WebRoute.gateScanner}?poiId=${POI}&event=e0000000-0000-4000-8000-000000000001`, who: DUTY },
  // Coupons (issue 35): the resident's list and one coupon's code, the claim and campaign pages, the
  // rules, the shop's counter (its chooser: the camera is judged by the gate's row) and management.
  { path: () => WebRoute.coupons, who: RESIDENT },
  { path: () => `${WebRoute.coupons}?id=${ids.coupon}`, who: RESIDENT },
  { path: () => `${WebRoute.couponClaim}?id=${ids.batch}`, who: RESIDENT },
  { path: () => `${WebRoute.couponCampaign}?id=${ids.batch}`, who: RESIDENT },
  { path: () => WebRoute.couponRules, who: RESIDENT },
  { path: () => `${WebRoute.couponRules}?id=${ids.batch}`, who: RESIDENT },
  { path: () => `${WebRoute.merchantCounter}?shop=${ids.shop}`, who: ADMIN },
  { path: () => `${WebRoute.couponManage}?shop=${ids.shop}`, who: ADMIN },
  // 社区团购 (issue 36): the list and one group buy's cart, the orders' centre, list and detail, the
  // 团长's centre and publish form (the demo resident is a 团长), and the staff's management.
  { path: () => `${WebRoute.groupBuys}?poiId=${POI}`, who: RESIDENT },
  { path: () => `${WebRoute.groupBuys}?id=${DEMO_GROUP_BUY_IDS.leader}`, who: RESIDENT },
  { path: () => WebRoute.orders, who: RESIDENT },
  { path: () => `${WebRoute.myOrders}?state=unpaid`, who: RESIDENT },
  { path: () => `${WebRoute.orderDetail}?id=${ids.order}`, who: RESIDENT },
  { path: () => `${WebRoute.leaderCentre}?poiId=${POI}`, who: RESIDENT },
  { path: () => WebRoute.groupBuyPublish, who: RESIDENT },
  { path: () => `${WebRoute.groupBuyManage}?poiId=${POI}`, who: MANAGER },
  // Paying (no WeChat Pay here: the page says so), the seller's pickup list (the demo resident is a
  // 团长), a refund's form and progress, the 团长's earnings and promotion.
  { path: () => `${WebRoute.orderPay}?order=${ids.order}`, who: RESIDENT },
  { path: () => WebRoute.pickupOrders, who: RESIDENT },
  { path: () => `${WebRoute.orderRefund}?id=${ids.order}`, who: RESIDENT },
  { path: () => WebRoute.orderRefunding, who: RESIDENT },
  { path: () => WebRoute.leaderEarnings, who: RESIDENT },
  { path: () => WebRoute.leaderPromotion, who: RESIDENT },
  { path: () => `${WebRoute.manageCentre}?poiId=${POI}`, who: MANAGER },
  { path: () => `${WebRoute.records}?poiId=${POI}`, who: MANAGER },
  { path: () => `${WebRoute.registrationDetail}?poiId=${POI}&id=${ids.registration}`, who: MANAGER },
  { path: () => `${WebRoute.entryLogs}?poiId=${POI}`, who: MANAGER },
  { path: () => `${WebRoute.vehicles}?poiId=${POI}`, who: DUTY },
  { path: () => `${WebRoute.gateScanner}?poiId=${POI}`, who: DUTY },
  { path: () => `${WebRoute.invitations}?poiId=${POI}`, who: MANAGER },
  { path: () => `${WebRoute.dutyStaff}?poiId=${POI}`, who: MANAGER },
  { path: () => `${WebRoute.addDutyStaff}?poiId=${POI}`, who: MANAGER },
  { path: () => `${WebRoute.communityGate}?poiId=${POI}`, who: MANAGER },
  { path: () => WebRoute.managedCommunities, who: ADMIN },
  { path: () => `${WebRoute.dashboard}?poiId=${POI}`, who: MANAGER },
  { path: () => `${WebRoute.units}?poiId=${POI}`, who: MANAGER },
  { path: () => `${WebRoute.residentsImport}?poiId=${POI}`, who: MANAGER },
  { path: () => `${WebRoute.auditLog}?poiId=${POI}`, who: ADMIN },
  { path: () => `${WebRoute.retention}?poiId=${POI}`, who: ADMIN },
  { path: () => `${WebRoute.ownerVotes}?poiId=${POI}`, who: MANAGER },
  { path: () => `${WebRoute.ownersSettings}?poiId=${POI}`, who: ADMIN },
  // 发起业主表决 (issue 37): the form (the manager starts in the community's name), the explanation for a plain owner.
  { path: () => `${WebRoute.ownersVoteStart}?poiId=${POI}`, who: MANAGER },
  { path: () => `${WebRoute.ownersVoteStart}?poiId=${POI}`, who: RESIDENT },
  { path: () => `${WebRoute.pollDesk}?id=${DEMO_OWNERS_VOTE_ID}`, who: MANAGER },
  { path: () => `${WebRoute.poll}?id=${DEMO_OWNERS_VOTE_ID}`, who: RESIDENT },
  { path: () => `${WebRoute.boardManage}?poiId=${POI}`, who: MANAGER },
  { path: () => `${WebRoute.albums}?poiId=${POI}`, who: RESIDENT },
  { path: () => `${WebRoute.spaces}?poiId=${POI}`, who: RESIDENT },
  { path: () => `${WebRoute.spaceManage}?poiId=${POI}`, who: MANAGER },
  // 红包 and 会员等级 (issue 35): the resident's packet of the administrator's shop.
  { path: () => `${WebRoute.redbag}?poiId=${POI}`, who: RESIDENT },
  { path: () => `${WebRoute.redbag}?id=${ids.redbag}&poiId=${POI}`, who: RESIDENT },
  { path: () => `${WebRoute.redbagShare}?id=${ids.redbag}`, who: RESIDENT },
  { path: () => WebRoute.redbagRules, who: null },
  { path: () => `${WebRoute.redbagManage}?shop=${ids.shop}`, who: ADMIN },
  { path: () => WebRoute.memberLevels, who: RESIDENT },
  { path: () => `${WebRoute.memberTop}?poiId=${POI}`, who: RESIDENT },
  // 周边商家 (issue 35): the seed's 望京鲜果铺 (apps/server/src/seed/demo-merchants.ts) – its owner's
  // centre; the administrator's (the shop of the coupon screens) with 商家审核, a category, the shop's page.
  { path: () => `${WebRoute.business}?poiId=${POI}`, who: SHOP_OWNER },
  { path: () => `${WebRoute.business}?poiId=${POI}`, who: ADMIN },
  { path: () => `${WebRoute.merchantPage}?category=fruit&poiId=${POI}`, who: RESIDENT },
  { path: () => `${WebRoute.merchantPage}?id=c0000000-0000-4000-8000-000000000001&poiId=${POI}`, who: RESIDENT },
  { path: () => '/no-such-page', who: null },
];

async function open(path: string, who: Who, elder: boolean): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context, page } = who ? await h.phones.phone(who) : await (async () => {
    const c = await phoneContext(h.browser, h.server.origin);
    return { context: c, page: await c.newPage() };
  })();
  // The camera page asks for the camera: none here (its no-camera state is what is judged).
  if (elder) await context.addInitScript(() => localStorage.setItem('elderMode', '1'));
  await page.goto(path);
  await page.waitForLoadState('networkidle').catch(() => undefined);
  // Loaded: no spinner or skeleton left, and animations (toasts) settled.
  await page.waitForFunction(() => !document.querySelector('[aria-label="加载中"], .adm-skeleton, .sq-route-loading'), undefined, { timeout: 10_000 }).catch(() => undefined);
  await page.waitForTimeout(400);
  return { page, close: () => context.close() };
}
const shot = (path: string, mode: string) => artifactPath(`every/${mode}${path.split('?')[0]!.replaceAll('/', '-') || '-home'}.png`);

describe('every screen, both modes', () => {
  for (const screen of SCREENS) {
    it(`${screen.path.toString().match(/WebRoute\.(\w+)|'(\/[^']*)'/)?.slice(1).find(Boolean) ?? 'screen'}: no serious axe finding, targets ≥ 44 px`, async () => {
      const path = screen.path();
      const { page, close } = await open(path, screen.who, false);
      try {
        const violations = await seriousViolations(page);
        const small = await smallTargets(page, 44);
        await page.screenshot({ path: shot(path, 'normal'), fullPage: true });
        expect({ path, violations, small }).toEqual({ path, violations: [], small: [] });
      } finally {
        h.phones.problems.splice(0);
        await close();
      }
    });

    it(`${screen.path.toString().match(/WebRoute\.(\w+)|'(\/[^']*)'/)?.slice(1).find(Boolean) ?? 'screen'} in 长辈模式: text ≥ 18 px, targets ≥ 60 px, no serious axe finding`, async () => {
      const path = screen.path();
      const { page, close } = await open(path, screen.who, true);
      try {
        const text = await smallText(page, 18);
        const small = await smallTargets(page, 60);
        const violations = await seriousViolations(page);
        await page.screenshot({ path: shot(path, 'elder'), fullPage: true });
        expect({ path, text, small, violations }).toEqual({ path, text: [], small: [], violations: [] });
      } finally {
        h.phones.problems.splice(0);
        await close();
      }
    });
  }
});
