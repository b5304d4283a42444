import { count, eq } from 'drizzle-orm';
import { maskMobile } from '@sq/contract/rules';
import { idCardCheckChar, maskIdCard } from '@sq/contract/id-card';
import { PRIVACY_NOTICE_VERSION } from '@sq/contract/privacy/notice';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { newOpenId, type PiiCipher } from '../lib/crypto';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { seedDemoBoard } from './demo-board';
import { seedDemoEvents } from './demo-events';
import { seedDemoGroupBuys } from './demo-groupbuys';
import { seedDemoMerchants } from './demo-merchants';
import { seedDemoSpaces } from './demo-spaces';
import { seedDemoOwners } from './demo-owners';
import { seedDemoPolls } from './demo-polls';
import {
  DEMO_CENTRE,
  DEMO_COMMUNITIES,
  DEMO_ENTRIES,
  DEMO_STREET,
  DEMO_STREET_ENTRIES,
  INFO_TYPES,
  PLACE_OFFSETS,
  PLACE_TYPES,
  SERVICE_PLACES,
} from './demo-data';

const HOME = DEMO_COMMUNITIES[0]!.poiId;
const SECOND = DEMO_COMMUNITIES[1]!.poiId;
const NEIGHBOUR_NAMES = ['阳光', '小满', '老李', '晴天', '木子', '安然', '大橙子', '一帆', '青青', '石头', '晓东', '若水', '南风'];

function demoIdCard(serial: number): string {
  const first17 = `1101051985${String(1 + (serial % 12)).padStart(2, '0')}${String(10 + serial).padStart(2, '0')}${String(100 + serial).slice(-3)}`;
  return first17 + idCardCheckChar(first17);
}

function beijingDate(offsetDays: number, now: Date): string {
  return new Date(now.getTime() + 8 * 3600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

/** Creates the demo data once, on the first start of an empty database. */
export async function seedDemoIfEmpty(db: Db, pii: PiiCipher): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(t.communities);
  if ((row?.n ?? 0) > 0) return false;
  await seedDemo(db, pii);
  return true;
}

/** Idempotent: running it again (npm run seed) adds what is missing and changes nothing else. */
export async function seedDemo(db: Db, pii: PiiCipher, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(t.streets).values(DEMO_STREET).onConflictDoNothing();
    await tx.insert(t.communities).values(DEMO_COMMUNITIES).onConflictDoNothing();
    await tx.insert(t.infoTypes).values(INFO_TYPES).onConflictDoNothing();

    const [entries] = await tx.select({ n: count() }).from(t.infoEntries);
    if ((entries?.n ?? 0) === 0) {
      for (const [poiId, list] of Object.entries(DEMO_ENTRIES)) {
        await tx.insert(t.infoEntries).values(list.map((e) => ({ ...e, poiId, mapAddress: e.address })));
      }
      await tx.insert(t.infoEntries).values(DEMO_STREET_ENTRIES.map((e) => ({ ...e, streetId: DEMO_STREET.streetId, mapAddress: e.address })));
    }

    await tx.insert(t.places).values(
      PLACE_TYPES.flatMap((pt) =>
        pt.names.map((name, i) => ({
          id: `DEMO-P${pt.type}-${i + 1}`,
          name,
          typeCode: pt.code,
          address: `望京街道${['广顺南大街', '阜通东大街', '花家地街', '南湖北路'][i]}${(i + 1) * 7}号`,
          lng: DEMO_CENTRE.lng + PLACE_OFFSETS[i]![0]!,
          lat: DEMO_CENTRE.lat + PLACE_OFFSETS[i]![1]!,
          tel: `010-647${pt.type}${String(1000 + i * 111).slice(-4)}`.slice(0, 13),
          photos: [`/demo/places/${pt.type}-1.svg`, `/demo/places/${pt.type}-2.svg`],
          cityname: '北京市',
          adname: '朝阳区',
        })),
      ),
    ).onConflictDoNothing();
    await tx
      .insert(t.places)
      .values(
        SERVICE_PLACES.map((s, i) => ({
          id: s.id,
          name: s.name,
          typeCode: s.typeCode,
          address: `望京街道${['广顺北大街', '望京西路', '花家地西里', '南湖中园'][i % 4]}${10 + i}号`,
          lng: DEMO_CENTRE.lng + s.offset[0],
          lat: DEMO_CENTRE.lat + s.offset[1],
          tel: `010-6478${String(1000 + i * 37).slice(-4)}`,
          photos: [],
          cityname: '北京市',
          adname: '朝阳区',
        })),
      )
      .onConflictDoNothing();

    const userId = async (mobile: string, username: string) => {
      const mobileHash = pii.hash(mobile);
      await tx.insert(t.users).values({ openId: newOpenId(), mobileHash, mobileEnc: pii.encrypt(mobile), username }).onConflictDoNothing();
      const [u] = await tx.select({ id: t.users.id }).from(t.users).where(eq(t.users.mobileHash, mobileHash));
      return u!.id;
    };
    // One after another: a transaction is one connection, which runs one query at a time.
    const accountIds: string[] = [];
    for (const a of DEMO_ACCOUNTS) accountIds.push(await userId(a.mobile, a.username));
    const [admin, manager, duty, resident, visitor] = accountIds;

    await tx.insert(t.communityAdmins).values([{ userId: admin!, poiId: HOME }, { userId: admin!, poiId: SECOND }]).onConflictDoNothing();
    // So the demo can show street-level submissions being reviewed (DESIGN.md §5 platform operator).
    await tx.update(t.users).set({ isOperator: true }).where(eq(t.users.id, admin!));
    await tx
      .insert(t.staff)
      .values([
        { poiId: HOME, userId: manager!, username: DEMO_ACCOUNTS[1].username, level: 1, createdBy: admin! },
        { poiId: HOME, userId: duty!, username: DEMO_ACCOUNTS[2].username, level: 2, createdBy: manager! },
      ])
      .onConflictDoNothing();

    const joined = now;
    const members = [resident!, visitor!];
    for (let i = 0; i < 26; i++) {
      const name = `${NEIGHBOUR_NAMES[i % NEIGHBOUR_NAMES.length]}${i >= NEIGHBOUR_NAMES.length ? '同学' : ''}`;
      members.push(await userId(`139000001${String(i).padStart(2, '0')}`, name));
    }
    await tx.insert(t.userCommunities).values(members.map((u) => ({ userId: u, poiId: HOME, movedAt: joined }))).onConflictDoNothing();

    const registration = (user: string, serial: number, who: (typeof DEMO_ACCOUNTS)[number], extra: Partial<typeof t.registrations.$inferInsert>) => {
      const card = demoIdCard(serial);
      return {
        poiId: HOME,
        userId: user,
        name: who.username,
        mobileEnc: pii.encrypt(who.mobile),
        mobileHash: pii.hash(who.mobile),
        mobileMasked: maskMobile(who.mobile),
        cardEnc: pii.encrypt(card),
        cardHash: pii.hash(card),
        cardMasked: maskIdCard(card),
        status: 1,
        createdBy: user,
        // Registered by themselves on the form, so they agreed to the notice then.
        consentAt: now,
        consentVersion: PRIVACY_NOTICE_VERSION,
        ...extra,
        owner: extra.owner ?? '业主',
        address: extra.address ?? '望京花园西区',
      };
    };
    await tx
      .insert(t.registrations)
      .values([
        registration(resident!, 4, DEMO_ACCOUNTS[3], { owner: '业主', address: '望京花园西区 8号楼 2单元 601', buildingNo: '8号楼' }),
        registration(visitor!, 5, DEMO_ACCOUNTS[4], { owner: '访客', address: '望京花园西区 8号楼 2单元 601', other: '探望亲友', expireTime: beijingDate(2, now) }),
      ])
      .onConflictDoNothing();
    await seedDemoPolls(tx, pii, now);
    await seedDemoOwners(tx, pii, now);
    await seedDemoBoard(tx, { admin: admin!, manager: manager!, resident: resident!, neighbours: members.slice(2) }, now);
    await seedDemoEvents(tx, { admin: admin!, manager: manager!, resident: resident!, neighbours: members.slice(2) }, now);
    await seedDemoSpaces(tx, now);
    await seedDemoMerchants(tx, { owner: accountIds[5]!, clerk: accountIds[6]!, admin: admin!, neighbour: members[2]! }, now);
    await seedDemoGroupBuys(tx, { resident: resident!, admin: admin!, shopOwner: accountIds[5]! }, now);
  });
}
