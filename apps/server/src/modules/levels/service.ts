import type { EndpointData } from '@sq/contract/endpoint';
import { levelOf, MEMBER_LEVELS, type PointReason } from '@sq/contract/levels/level-rules';
import type { getMyLevel } from '@sq/contract/levels/levels';
import type { Caller } from '../auth/caller';
import { decodeCursor, pageOf } from '../board/cursor';
import type { LevelsRepo } from './repo';

export const HISTORY_PAGE = 20;
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** 会员等级 (issue 35 item 4): the caller's points, level, the way to the next one and the awards. */
export function createLevelsService({ repo }: { repo: LevelsRepo }) {
  return {
    async mine(caller: Caller, cursor: string | undefined): Promise<EndpointData<typeof getMyLevel>> {
      const after = decodeCursor(cursor);
      const [points, rows] = await Promise.all([repo.points(caller.userId), repo.history(caller.userId, after, HISTORY_PAGE)]);
      const level = levelOf(points);
      const next = MEMBER_LEVELS.find((l) => l.level === level + 1);
      const page = pageOf(rows, HISTORY_PAGE);
      return {
        points,
        level,
        nextLevel: next ? { level: next.level, from: next.from, pointsToGo: next.from - points } : null,
        history: page.rows.map((r) => ({ id: r.id, reason: r.reason as PointReason, points: r.points, at: seconds(r.at) })),
        next: page.next,
      };
    },
  };
}
