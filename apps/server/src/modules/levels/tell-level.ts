import type { NotificationService } from '../notifications/service';

/**
 * Tells a person the level an award took them to (awardPoints answers it), after the deed's
 * transaction has committed. Nothing when the award crossed no level.
 */
export async function tellLevel(notices: Pick<NotificationService, 'levelReached'>, award: { userId: string; poiId: string | null; level: number | null }) {
  if (award.level === null) return;
  await notices.levelReached({ userId: award.userId, poiId: award.poiId, level: award.level });
}
