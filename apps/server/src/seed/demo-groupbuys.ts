import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { DEMO_COMMUNITIES } from './demo-data';
import { DEMO_SHOP_ID, demoPhoto } from './demo-merchants';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const HOME = DEMO_COMMUNITIES[0]!.poiId;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const LEADER = 'd0000000-0000-4000-8000-000000000001';
const LEADER_BUY = 'd0000000-0000-4000-8000-000000000011';
const SHOP_BUY = 'd0000000-0000-4000-8000-000000000012';
/** The demo's group buys (pages and browser tests open them by id). */
export const DEMO_GROUP_BUY_IDS = { leader: LEADER_BUY, shop: SHOP_BUY } as const;
const SHOP = DEMO_SHOP_ID;


/**
 * 社区团购 (issue 36): the demo resident 陈明 is an approved 团长 of 望京花园西区 with a fruit group
 * buy on sale (成团 at 3, 10% commission), and 望京鲜果铺 sells a rice group buy there.
 * Both close two days after seeding. Idempotent (fixed ids).
 */
export async function seedDemoGroupBuys(tx: Tx, who: { resident: string; admin: string; shopOwner: string }, now: Date) {
  const [existing] = await tx.select({ id: t.groupLeaders.id }).from(t.groupLeaders).where(eq(t.groupLeaders.id, LEADER));
  if (existing) return;
  const at = (ms: number) => new Date(now.getTime() + ms);
  await tx.insert(t.groupLeaders).values({
    id: LEADER,
    userId: who.resident,
    poiId: HOME,
    displayName: '8号楼陈哥',
    pickupPoint: '8号楼2单元门口',
    intro: '下班后 18:00-21:00 在家，帮邻居们团新鲜水果。',
    status: 'approved',
    reviewedBy: who.admin,
    reviewedAt: at(-3 * DAY),
    createdAt: at(-4 * DAY),
  });
  await tx.insert(t.auditLog).values({ actorId: who.admin, action: 'groupLeader.approve', poiId: HOME, subjectId: LEADER, detail: {}, createdAt: at(-3 * DAY) });

  const peach = await demoPhoto(tx, who.resident, [250, 170, 160], now);
  const grape = await demoPhoto(tx, who.resident, [120, 60, 140], now);
  const rice = await demoPhoto(tx, who.shopOwner, [240, 235, 215], now);
  const window = { opensAt: at(-2 * HOUR), closesAt: at(2 * DAY), pickupFrom: at(3 * DAY), pickupUntil: at(4 * DAY) };
  await tx.insert(t.groupBuys).values([
    {
      id: LEADER_BUY,
      poiId: HOME,
      leaderId: LEADER,
      title: '阳山水蜜桃 产地直发',
      intro: '无锡阳山产地直发，现摘现发，截单后第二天到货。8号楼2单元门口自提。',
      photos: [peach, grape],
      commissionBp: 1000,
      minOrders: 3,
      perPersonLimit: 5,
      ...window,
      pickupPoint: '8号楼2单元门口',
      createdBy: who.resident,
      createdAt: at(-2 * HOUR),
    },
    {
      id: SHOP_BUY,
      poiId: HOME,
      merchantId: SHOP,
      title: '五常大米 新米团购',
      intro: '黑龙江五常稻花香新米，望京鲜果铺店内自提。',
      photos: [rice],
      commissionBp: 500,
      minOrders: 5,
      perPersonLimit: 4,
      ...window,
      pickupPoint: '广顺南大街18号底商（望京鲜果铺）',
      createdBy: who.shopOwner,
      createdAt: at(-HOUR),
    },
  ]);
  await tx.insert(t.groupBuyItems).values([
    { groupBuyId: LEADER_BUY, name: '阳山水蜜桃', spec: '5斤装 约12个', photo: peach, priceFen: 5990, stock: 60, sort: 0 },
    { groupBuyId: LEADER_BUY, name: '巨峰葡萄', spec: '3斤装', photo: grape, priceFen: 2990, stock: 40, sort: 1 },
    { groupBuyId: SHOP_BUY, name: '五常稻花香大米', spec: '10斤装', photo: rice, priceFen: 6900, stock: 100, sort: 0 },
    { groupBuyId: SHOP_BUY, name: '五常稻花香大米', spec: '5斤装', photo: rice, priceFen: 3600, stock: 100, sort: 1 },
  ]);
  // Used by their group buys (images/uses.ts), so the photo retention keeps them.
  await tx
    .insert(t.imageRefs)
    .values([
      { poiId: HOME, hash: peach.hash, ref: `groupbuy:${LEADER_BUY}` },
      { poiId: HOME, hash: grape.hash, ref: `groupbuy:${LEADER_BUY}` },
      { poiId: HOME, hash: rice.hash, ref: `groupbuy:${SHOP_BUY}` },
    ])
    .onConflictDoNothing();
}
