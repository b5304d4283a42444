import type { Db } from '../../db/client';
import type { RouteKit } from '../../lib/route-kit';
import type { AccessService } from '../access/service';
import type { AuditRepo } from '../audit/repo';
import { createImageUses } from '../images/uses';
import type { NotificationService } from '../notifications/service';
import { createBoardAccess } from './board-access';
import { createContentChecks } from './content-checks-stub';
import { createFeedRepo } from './feed-repo';
import { createFeedService } from './feed-service';
import { createWriteGateRepo } from './gate-repo';
import { createPostsRepo } from './posts-repo';
import { createPostsService } from './posts-service';
import { boardRoutes } from './routes';
import { createRulesRepo } from './rules-repo';
import { createRulesService } from './rules-service';

/** 邻里圈 composed (repos → services → routes), so app.ts registers it with one line. */
export function registerBoard(kit: RouteKit, deps: { db: Db; access: AccessService; audit: AuditRepo; notices: NotificationService; now: () => Date }) {
  const { db, access, audit, notices, now } = deps;
  const gate = createWriteGateRepo(db);
  const board = createBoardAccess({ access, gate, now });
  const checks = createContentChecks(db);
  const feed = createFeedService({ feed: createFeedRepo(db), board, now });
  const posts = createPostsService({ posts: createPostsRepo(db, createImageUses()), gate, board, checks, notices, now });
  const rules = createRulesService({ rules: createRulesRepo(db), gate, board, access, audit, now });
  boardRoutes(kit, { feed, posts, rules });
}
