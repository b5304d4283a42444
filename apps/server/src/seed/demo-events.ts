import { randomBytes } from 'node:crypto';
import { addDays, beijingDate, startOfBeijingDay } from '@sq/contract/beijing-time';
import type { EventAudience, EventKind, EventStatus } from '@sq/contract/events/event-rules';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { searchTermsOf } from '../modules/board/search-terms';
import { DEMO_COMMUNITIES } from './demo-data';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const HOME = DEMO_COMMUNITIES[0]!.poiId;
const HOUR = 3_600_000;
const eventId = (n: number) => `e0000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`;
const signupId = (event: number, n: number) => `e0000000-0000-4000-8001-00000000${String(event).padStart(2, '0')}${String(n).padStart(2, '0')}`;

/** Who: a demo account by role, or a neighbour by index. */
type Who = 'admin' | 'manager' | 'resident' | number;

interface DemoSignup {
  by: Who;
  companions?: number;
  waiting?: boolean;
  checkedIn?: boolean;
}

interface DemoEvent {
  n: number;
  by: Who;
  kind: EventKind;
  title: string;
  description: string;
  place: string;
  /** Beijing days from today, and the start's hour (Beijing). */
  day: number;
  hour: number;
  hours: number;
  capacity: number;
  maxCompanions?: number;
  audience?: EventAudience;
  needsPhone?: boolean;
  feeFen?: number;
  /** Sign-up opens this many days from today (default: a week ago). */
  opensDay?: number;
  status?: EventStatus;
  statusNote?: string;
  signups?: DemoSignup[];
}

/**
 * 社区活动 (issue 34) in 望京花园西区: every kind; most upcoming with sign-up open, the badminton
 * match full with one waiting (the demo resident), one ended with its attendance, one not open
 * yet, one cancelled, one for owners only, one open to everyone with the link and a resident's
 * proposal waiting for review.
 */
const EVENTS: DemoEvent[] = [
  {
    n: 1, by: 'manager', kind: 'culture', title: '书法兴趣班：写春联', description: '社区书法老师带大家写春联、写福字，笔墨纸砚现场提供，零基础也欢迎。', place: '社区活动室（3号楼一层）',
    day: 3, hour: 14, hours: 2, capacity: 20, signups: [{ by: 'resident' }, { by: 0 }, { by: 1, companions: 1 }],
  },
  {
    n: 2, by: 'manager', kind: 'family', title: '亲子绘画课', description: '4至10岁的孩子和家长一起画画，画材费每个家庭30元现场缴纳。周边小区的小朋友也欢迎。', place: '社区活动室（3号楼一层）',
    day: 5, hour: 9, hours: 1.5, capacity: 24, maxCompanions: 2, audience: 'link', feeFen: 3000, signups: [{ by: 2, companions: 1 }, { by: 3, companions: 2 }],
  },
  {
    n: 3, by: 'admin', kind: 'volunteer', title: '小区环境清洁志愿行动', description: '清理绿化带白色垃圾、楼道小广告。手套、夹子、垃圾袋由居委会提供，参加者记志愿服务时长。', place: '小区南门集合',
    day: 2, hour: 8, hours: 3, capacity: 30, signups: [{ by: 4 }, { by: 5 }],
  },
  {
    n: 4, by: 'manager', kind: 'health', title: '老年人免费健康体检', description: '社区卫生服务中心医生上门，测血压、血糖、心电图。请空腹前来，带好医保卡。', place: '物业服务中心大厅',
    day: 6, hour: 8, hours: 3, capacity: 50, needsPhone: true,
  },
  {
    n: 5, by: 'manager', kind: 'lecture', title: '消防安全知识讲座', description: '消防站教官讲解家庭用火用电安全、灭火器使用方法，现场演示逃生面罩。', place: '社区活动室（3号楼一层）',
    day: 1, hour: 19, hours: 1.5, capacity: 60, signups: [{ by: 'resident' }, { by: 7 }],
  },
  {
    n: 6, by: 'admin', kind: 'festival', title: '中秋游园会', description: '猜灯谜、做月饼、套圈游戏，小朋友可领取兔子灯。欢迎带家人一起来。', place: '中心花园',
    day: 20, hour: 18, hours: 2.5, capacity: 200, maxCompanions: 3, signups: [{ by: 8, companions: 2 }],
  },
  {
    n: 7, by: 'manager', kind: 'culture', title: '羽毛球友谊赛', description: '邻里羽毛球双打友谊赛，自带球拍，场地和用球由物业提供。名额已满可候补。', place: '小区羽毛球场',
    day: 4, hour: 15, hours: 2, capacity: 4, signups: [{ by: 0 }, { by: 1 }, { by: 2 }, { by: 3 }, { by: 'resident', waiting: true }],
  },
  {
    n: 8, by: 'admin', kind: 'other', title: '业主议事会：电梯加装意见征集', description: '就2号楼、5号楼加装电梯方案听取业主意见，请业主本人参加。', place: '物业服务中心会议室',
    day: 8, hour: 19, hours: 1.5, capacity: 40, audience: 'owners', signups: [{ by: 'resident' }],
  },
  {
    n: 9, by: 'manager', kind: 'culture', title: '广场舞基础班', description: '每周两次，老师教基本步伐，适合初学者。报名三天后开始。', place: '中心花园',
    day: 10, hour: 19, hours: 1, capacity: 30, opensDay: 3,
  },
  {
    n: 10, by: 'manager', kind: 'lecture', title: '防范电信诈骗讲座', description: '派出所民警讲解常见诈骗手法，教大家安装国家反诈中心App。', place: '社区活动室（3号楼一层）',
    day: -7, hour: 14, hours: 1.5, capacity: 40, opensDay: -14,
    signups: [{ by: 'resident', checkedIn: true }, { by: 0, checkedIn: true }, { by: 1, checkedIn: true }, { by: 2, companions: 1, checkedIn: true }, { by: 3 }],
  },
  {
    n: 11, by: 'manager', kind: 'festival', title: '露天电影之夜', description: '在中心花园放映经典电影，自带小板凳。', place: '中心花园',
    day: 2, hour: 19, hours: 2, capacity: 100, status: 'cancelled', statusNote: '天气预报有雷阵雨，改期另行通知',
  },
  {
    n: 12, by: 'resident', kind: 'culture', title: '周末读书会', description: '每月一次，邻居们带一本喜欢的书来交流，本月主题：《平凡的世界》。', place: '社区图书角',
    day: 9, hour: 15, hours: 2, capacity: 15, status: 'pending',
  },
];

/** Idempotent: fixed ids, so a second run finds the rows and adds nothing. Residents may propose in the demo community. */
export async function seedDemoEvents(tx: Tx, ids: { admin: string; manager: string; resident: string; neighbours: string[] }, now: Date) {
  const who = (w: Who) => (typeof w === 'number' ? ids.neighbours[w]! : ids[w]);
  const today = beijingDate(now);
  const at = (day: number, hour: number) => new Date(startOfBeijingDay(addDays(today, day)).getTime() + hour * HOUR);
  await tx.insert(t.eventSettings).values({ poiId: HOME, residentsPropose: true, updatedBy: ids.manager, updatedAt: now }).onConflictDoNothing();
  const rows = EVENTS.map((e) => {
    const startsAt = at(e.day, e.hour);
    const live = (e.signups ?? []).filter((s) => !s.waiting);
    return {
      id: eventId(e.n),
      poiId: HOME,
      kind: e.kind,
      title: e.title,
      description: e.description,
      place: e.place,
      startsAt,
      endsAt: new Date(startsAt.getTime() + e.hours * HOUR),
      signupOpensAt: at(e.opensDay ?? -7, 9),
      signupClosesAt: startsAt,
      cancelUntil: new Date(startsAt.getTime() - 2 * HOUR),
      capacity: e.capacity,
      maxCompanions: e.maxCompanions ?? 0,
      audience: e.audience ?? 'residents',
      needsPhone: e.needsPhone ?? false,
      feeFen: e.feeFen ?? null,
      status: e.status ?? 'published',
      statusNote: e.statusNote ?? null,
      createdBy: who(e.by),
      byStaff: e.by === 'admin' || e.by === 'manager',
      confirmedSeats: live.reduce((n, s) => n + 1 + (s.companions ?? 0), 0),
      waitingCount: (e.signups ?? []).filter((s) => s.waiting).length,
      attended: live.filter((s) => s.checkedIn).reduce((n, s) => n + 1 + (s.companions ?? 0), 0),
      ticketKey: randomBytes(32),
      searchTerms: searchTermsOf(`${e.title} ${e.description} ${e.place}`),
      createdAt: at(Math.min(e.day, 0) - 10, 10),
    };
  });
  await tx.insert(t.events).values(rows).onConflictDoNothing();
  const signups = EVENTS.flatMap((e) =>
    (e.signups ?? []).map((s, i) => {
      const event = rows.find((r) => r.id === eventId(e.n))!;
      const queuedAt = new Date(event.createdAt.getTime() + (i + 1) * HOUR);
      return {
        id: signupId(e.n, i + 1),
        eventId: event.id,
        poiId: HOME,
        userId: who(s.by),
        companions: s.companions ?? 0,
        seats: 1 + (s.companions ?? 0),
        status: s.waiting ? 'waiting' : 'confirmed',
        queuedAt,
        checkedInAt: s.checkedIn ? new Date(event.startsAt.getTime() - 10 * 60_000) : null,
        checkedInBy: s.checkedIn ? ids.manager : null,
        checkinVia: s.checkedIn ? 'scan' : null,
        createdAt: queuedAt,
      };
    }),
  );
  await tx.insert(t.eventSignups).values(signups).onConflictDoNothing();
}
