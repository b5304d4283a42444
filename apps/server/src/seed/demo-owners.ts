import { eq, inArray } from 'drizzle-orm';
import { OWNERS_OPTIONS } from '@sq/contract/polls/owners-rules';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import type { PiiCipher } from '../lib/crypto';
import { createOwnersRepo } from '../modules/polls/owners-repo';
import { DEMO_COMMUNITIES } from './demo-data';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The demo owners' vote (fixed id, so a second seed finds it). */
export const DEMO_OWNERS_VOTE_ID = 'd0000000-0000-4000-8000-000000000004';
const optionId = (n: number) => `d0000000-0000-4000-8004-00000000000${n}`;
const DAY = 86_400_000;

/**
 * 房屋登记 of 望京花园西区: buildings 6–8, two entrances, six floors, two homes a floor. The demo
 * resident (13800000004) owns 8栋2单元601, the address of their registration; the neighbours
 * (139000001xx) own the first homes of building 6; the rest belong to owners without an account.
 */
function register() {
  const rows: { building: string; unitNo: string; room: string; areaCenti: number; mobile: string }[] = [];
  let n = 0;
  for (const building of ['6', '7', '8'])
    for (const unitNo of ['1', '2'])
      for (let floor = 1; floor <= 6; floor++)
        for (const door of [1, 2]) {
          const room = `${floor}0${door}`;
          const areaCenti = door === 1 ? 8_936 + floor * 12 : 12_050 - floor * 7;
          const mobile = building === '8' && unitNo === '2' && room === '601' ? '13800000004' : n < 8 ? `139000001${String(n).padStart(2, '0')}` : `1370000${String(1000 + n)}`;
          rows.push({ building, unitNo, room, areaCenti, mobile });
          n++;
        }
  return rows;
}

/** Idempotent: the register and one open owners' vote with some neighbours' ballots, added once. */
export async function seedDemoOwners(tx: Tx, pii: PiiCipher, now: Date): Promise<void> {
  const poiId = DEMO_COMMUNITIES[0]!.poiId;
  const [existing] = await tx.select({ id: t.units.id }).from(t.units).where(eq(t.units.poiId, poiId)).limit(1);
  if (existing) return;
  const rows = register();
  const inserted = await tx
    .insert(t.units)
    .values(rows.map((r) => ({ poiId, building: r.building, unitNo: r.unitNo, room: r.room, areaCenti: r.areaCenti })))
    .returning({ id: t.units.id });
  await tx.insert(t.unitOwners).values(rows.map((r, i) => ({ unitId: inserted[i]!.id, mobileHash: pii.hash(r.mobile), mobileEnc: pii.encrypt(r.mobile), sort: 0 })));

  const [manager] = await tx.select({ id: t.users.id }).from(t.users).where(eq(t.users.mobileHash, pii.hash('13800000002')));
  if (!manager) return;
  await tx.insert(t.polls).values({
    id: DEMO_OWNERS_VOTE_ID,
    creatorId: manager.id,
    title: '续聘望京物业服务企业（2027—2029年）',
    info: '现物业服务合同将于明年3月到期。物业服务中心拟按原收费标准续签三年，服务方案见小区公告栏。请各位业主表决是否同意续聘。',
    type: 0,
    endTime: new Date(Math.floor((now.getTime() + 14 * DAY) / 60_000) * 60_000),
    poiId,
    mode: 1,
    matter: 0,
    createdAt: new Date(now.getTime() - DAY),
  });
  await tx.insert(t.pollOptions).values(OWNERS_OPTIONS.map((title, sort) => ({ id: optionId(sort + 1), pollId: DEMO_OWNERS_VOTE_ID, title, sort })));
  await createOwnersRepo(tx as unknown as Db).snapshotElectorate(tx, DEMO_OWNERS_VOTE_ID, poiId);

  // Six neighbours have voted: five for, one against.
  const neighbours = await tx
    .select({ id: t.users.id, mobileHash: t.users.mobileHash })
    .from(t.users)
    .where(inArray(t.users.mobileHash, rows.slice(0, 6).map((r) => pii.hash(r.mobile))));
  const userOf = new Map(neighbours.map((u) => [u.mobileHash, u.id]));
  const ballots = rows.slice(0, 6).flatMap((r, i) => {
    const castBy = userOf.get(pii.hash(r.mobile));
    return castBy ? [{ pollId: DEMO_OWNERS_VOTE_ID, unitId: inserted[i]!.id, optionId: optionId(i === 4 ? 2 : 1), castBy }] : [];
  });
  if (ballots.length) await tx.insert(t.ownerBallots).values(ballots);
}
