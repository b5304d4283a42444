import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import type { PiiCipher } from '../lib/crypto';
import { DEMO_COMMUNITIES } from './demo-data';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Fixed ids, so running the seed again finds these polls instead of adding copies. All three are
 * published to 望京花园西区, whose residents find them on /vote.
 */
export const DEMO_POLL_IDS = {
  /** Open single-choice poll by the community administrator, with neighbours' votes. */
  playground: 'd0000000-0000-4000-8000-000000000001',
  /** Open multiple-choice poll that asks voters to follow the community's public account first. */
  weekendServices: 'd0000000-0000-4000-8000-000000000002',
  /** Closed multiple-choice poll: shows 投票已过期. */
  dragonBoat: 'd0000000-0000-4000-8000-000000000003',
} as const;

/** The demo public-account QR (a placeholder image served by the web app). */
export const DEMO_FOLLOW_QR = '/embed/demo-follow-qr.svg';

const DAY = 86_400_000;
const optionId = (poll: number, n: number) => `d0000000-0000-4000-800${poll}-00000000000${n}`;

interface DemoPoll {
  id: string;
  creator: string;
  title: string;
  info: string;
  type: 0 | 1;
  endOffsetDays: number;
  concernQr?: string;
  options: string[];
  /** Per neighbour (by index into the neighbour mobiles), the option numbers chosen. */
  ballots: number[][];
}

const POLLS: DemoPoll[] = [
  {
    id: DEMO_POLL_IDS.playground,
    creator: '13800000001',
    title: '儿童游乐区改造方案投票',
    info: '小区中心花园的儿童游乐区将于下月翻新，请选出您最支持的方案。结果将提交物业和居委会作为施工参考。',
    type: 0,
    endOffsetDays: 20,
    options: ['方案一：塑胶地面＋滑梯组合', '方案二：沙池＋攀爬架', '方案三：增设遮阳棚和休息座椅'],
    ballots: [[1], [1], [2], [1], [3], [2], [1]],
  },
  {
    id: DEMO_POLL_IDS.weekendServices,
    creator: '13800000002',
    title: '周末便民服务项目征集（可多选）',
    info: '居委会计划每月第一个周六在小区广场开展便民服务，请选择您需要的项目。',
    type: 1,
    endOffsetDays: 10,
    concernQr: DEMO_FOLLOW_QR,
    options: ['磨刀修伞', '家电维修', '义诊量血压', '理发', '旧衣回收'],
    ballots: [[1, 3], [2, 3, 5], [3], [4, 5], [3, 4]],
  },
  {
    id: DEMO_POLL_IDS.dragonBoat,
    creator: '13800000001',
    title: '端午节社区活动安排',
    info: '端午节活动的报名已结束，感谢大家参与。',
    type: 1,
    endOffsetDays: -3,
    options: ['包粽子比赛', '龙舟主题亲子绘画', '社区游园会'],
    ballots: [[1], [1, 3], [2, 3], [1, 2], [3], [1]],
  },
];

/** Neighbours seeded by demo.ts (mobiles 139000001xx) who cast the demo ballots. */
const NEIGHBOUR_MOBILES = Array.from({ length: 8 }, (_, i) => `139000001${String(i).padStart(2, '0')}`);

/** Idempotent: adds the demo polls, options and ballots that are missing, changes nothing else. */
export async function seedDemoPolls(tx: Db | Tx, pii: PiiCipher, now: Date): Promise<void> {
  const mobiles = [...new Set([...POLLS.map((p) => p.creator), ...NEIGHBOUR_MOBILES])];
  const users = await tx
    .select({ id: t.users.id, mobileHash: t.users.mobileHash })
    .from(t.users)
    .where(inArray(t.users.mobileHash, mobiles.map((m) => pii.hash(m))));
  const userOf = new Map(users.map((u) => [u.mobileHash, u.id]));
  const idOf = (mobile: string) => userOf.get(pii.hash(mobile));

  for (const [index, p] of POLLS.entries()) {
    const creatorId = idOf(p.creator);
    if (!creatorId) continue;
    await tx
      .insert(t.polls)
      .values({
        id: p.id,
        creatorId,
        title: p.title,
        info: p.info,
        type: p.type,
        endTime: new Date(Math.floor((now.getTime() + p.endOffsetDays * DAY) / 60_000) * 60_000),
        concernQr: p.concernQr ?? null,
        poiId: DEMO_COMMUNITIES[0]!.poiId,
        createdAt: new Date(now.getTime() - 2 * DAY - (p.endOffsetDays < 0 ? 30 * DAY : 0)),
      })
      .onConflictDoNothing();
    await tx
      .insert(t.pollOptions)
      .values(p.options.map((title, sort) => ({ id: optionId(index + 1, sort + 1), pollId: p.id, title, sort })))
      .onConflictDoNothing();
    for (const [n, choices] of p.ballots.entries()) {
      const userId = idOf(NEIGHBOUR_MOBILES[n]!);
      if (!userId) continue;
      const cast = await tx.insert(t.pollBallots).values({ pollId: p.id, userId }).onConflictDoNothing().returning({ pollId: t.pollBallots.pollId });
      if (cast.length === 0) continue;
      await tx.insert(t.pollVotes).values(choices.map((c) => ({ pollId: p.id, userId, optionId: optionId(index + 1, c) })));
    }
  }
}
