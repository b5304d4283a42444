import type { Tx } from '../db/in-turn';
import { spaces } from '../db/schema';

const HOME = 'DEMO000001';
const week = (open: number, close: number) => Array.from({ length: 7 }, () => [open * 60, close * 60] as [number, number]);

/** /area's demo: two spaces of 望京花园西区, one booked at once, one that staff approve. Fixed ids: a second run adds nothing. */
export async function seedDemoSpaces(tx: Tx, now: Date) {
  await tx
    .insert(spaces)
    .values([
      {
        id: 'd0000000-0000-4000-8000-0000000000a1',
        poiId: HOME,
        name: '多功能活动室',
        description: '社区服务中心二楼，约60平方米，有桌椅40套、投影仪和音响。',
        rules: '1. 请按预约时间使用，用后恢复桌椅、关灯锁门。\n2. 室内禁止吸烟、明火。\n3. 如不能前来，请提前在“我的预约”中取消。',
        hours: week(8, 21),
        slotMinutes: 60,
        weeklyMinutes: 240,
        daysAhead: 14,
        createdAt: now,
        updatedAt: now,
      },
      {
        id: 'd0000000-0000-4000-8000-0000000000a2',
        poiId: HOME,
        name: '羽毛球场',
        description: '小区东门体育角，室外场地一片，夜间有照明。',
        rules: '请穿运动鞋入场；雨天场地湿滑时暂停使用。',
        hours: week(7, 22),
        slotMinutes: 90,
        needsApproval: true,
        weeklyMinutes: 180,
        daysAhead: 7,
        createdAt: now,
        updatedAt: now,
      },
    ])
    .onConflictDoNothing();
}
