import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { processImage } from '../modules/images/process';
import type { ShopImage } from '../modules/merchants/repo';
import { DEMO_COMMUNITIES } from './demo-data';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const HOME = DEMO_COMMUNITIES[0]!.poiId;
const DAY = 86_400_000;
/** 望京鲜果铺 (the demo's group buys sell through it too). */
export const DEMO_SHOP_ID = 'c0000000-0000-4000-8000-000000000001';
const SHOP = DEMO_SHOP_ID;
const PENDING_SHOP = 'c0000000-0000-4000-8000-000000000002';

/** A plain coloured photo (the demo has no camera): stored as an upload of `uploaderId` in HOME (the demo's group buys use it too). */
export async function demoPhoto(tx: Tx, uploaderId: string, rgb: [number, number, number], at: Date): Promise<ShopImage> {
  const { default: sharp } = await import('sharp');
  const png = await sharp({ create: { width: 480, height: 360, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } })
    .png()
    .toBuffer();
  const image = await processImage(png);
  await tx
    .insert(t.images)
    .values({ poiId: HOME, hash: image.hash, uploaderId, mime: image.mime, web: image.web, thumb: image.thumb, width: image.width, height: image.height, createdAt: at })
    .onConflictDoNothing();
  return { hash: image.hash, width: image.width, height: image.height, poiId: HOME };
}

/**
 * 周边商家 (issue 35): 王老板's 望京鲜果铺 approved in 望京花园西区 with its clerk 小周 and a claim
 * batch 满30减5; another shop's application waiting in the review queue. Idempotent (fixed ids).
 */
export async function seedDemoMerchants(tx: Tx, who: { owner: string; clerk: string; admin: string; neighbour: string }, now: Date) {
  const [existing] = await tx.select({ id: t.merchants.id }).from(t.merchants).where(eq(t.merchants.id, SHOP));
  if (existing) return;
  const centre = DEMO_COMMUNITIES[0]!;
  const shopPhoto = await demoPhoto(tx, who.owner, [233, 120, 40], now);
  const licence = await demoPhoto(tx, who.owner, [200, 40, 40], now);
  await tx.insert(t.merchants).values({
    id: SHOP,
    name: '望京鲜果铺',
    category: 'fruit',
    intro: '每天清晨从新发地进货的当季水果，小区内满 50 元免费送货上门。',
    address: '广顺南大街18号底商',
    lng: centre.lng + 0.0008,
    lat: centre.lat - 0.0006,
    hours: '08:00-22:00',
    phone: '010-64701111',
    photos: [shopPhoto],
    licenceNo: '91110000600037341L',
    licenceImage: licence,
    radiusM: 600,
    status: 'approved',
    ownerId: who.owner,
    createdAt: new Date(now.getTime() - 10 * DAY),
    updatedAt: new Date(now.getTime() - 9 * DAY),
  });
  await tx.insert(t.merchantCommunities).values({ merchantId: SHOP, poiId: HOME, status: 'approved', distanceM: 100, reviewedBy: who.admin, reviewedAt: new Date(now.getTime() - 9 * DAY) });
  await tx.insert(t.merchantStaff).values([
    { merchantId: SHOP, userId: who.owner, role: 'owner', addedBy: who.owner },
    { merchantId: SHOP, userId: who.clerk, role: 'clerk', addedBy: who.owner },
  ]);
  await tx.insert(t.auditLog).values({ actorId: who.admin, action: 'merchant.approve', poiId: HOME, subjectId: SHOP, detail: {}, createdAt: new Date(now.getTime() - 9 * DAY) });
  await tx.insert(t.couponBatches).values({
    merchantId: SHOP,
    channel: 'claim',
    title: '满30减5',
    kind: 'cash',
    valueFen: 500,
    thresholdFen: 3000,
    total: 50,
    perPerson: 1,
    claimStartsAt: new Date(now.getTime() - DAY),
    claimEndsAt: new Date(now.getTime() + 7 * DAY),
    validDays: 7,
    communities: [HOME],
    rules: '每人限领 1 张，购买任意水果满 30 元可用。',
    createdBy: who.owner,
  });

  // Another shop's application, waiting for review (the 商家审核 tab's queue).
  const bakery = await demoPhoto(tx, who.neighbour, [240, 200, 120], now);
  await tx.insert(t.merchants).values({
    id: PENDING_SHOP,
    name: '阿婆烘焙坊',
    category: 'food',
    intro: '现烤面包与蛋糕，可预订生日蛋糕。',
    address: '广顺南大街20号',
    lng: centre.lng - 0.0007,
    lat: centre.lat + 0.0004,
    hours: '07:00-20:00',
    phone: '13912345678',
    photos: [bakery],
    licenceNo: '91440300708461136T',
    licenceImage: bakery,
    radiusM: 500,
    status: 'pending',
    ownerId: who.neighbour,
    createdAt: new Date(now.getTime() - DAY),
    updatedAt: new Date(now.getTime() - DAY),
  });
  // Used by their shops (images/uses.ts), so the photo retention keeps them.
  await tx
    .insert(t.imageRefs)
    .values([
      { poiId: HOME, hash: shopPhoto.hash, ref: `merchant:${SHOP}` },
      { poiId: HOME, hash: licence.hash, ref: `merchant:${SHOP}` },
      { poiId: HOME, hash: bakery.hash, ref: `merchant:${PENDING_SHOP}` },
    ])
    .onConflictDoNothing();
  await tx.insert(t.merchantCommunities).values({ merchantId: PENDING_SHOP, poiId: HOME, status: 'pending', distanceM: 90 });
  await tx.insert(t.merchantStaff).values({ merchantId: PENDING_SHOP, userId: who.neighbour, role: 'owner', addedBy: who.neighbour });
}
