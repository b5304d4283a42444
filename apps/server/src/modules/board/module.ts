import type { Db } from '../../db/client';
import type { PiiCipher } from '../../lib/crypto';
import type { RouteKit } from '../../lib/route-kit';
import type { AccessService } from '../access/service';
import type { AuditRepo } from '../audit/repo';
import type { PhotoCookie } from '../images/photo-cookie';
import { createImageUses } from '../images/uses';
import type { ContentChecks } from '../content/checks';
import type { NotificationService } from '../notifications/service';
import { createBoardAccess } from './board-access';
import { createCommentsRepo } from './comments-repo';
import { createCommentsService } from './comments-service';
import { createFeedRepo } from './feed-repo';
import { createFeedService } from './feed-service';
import { createFirstPages } from './first-pages';
import { createWriteGateRepo } from './gate-repo';
import { createPostsRepo } from './posts-repo';
import { createPostsService } from './posts-service';
import { createActionsRepo } from './actions-repo';
import { createModerationRepo } from './moderation-repo';
import { createModerationService } from './moderation-service';
import { createQueueRepo } from './queue-repo';
import { boardManageRoutes, boardRoutes } from './routes';
import { createReportsRepo } from './reports-repo';
import { createReportsService } from './reports-service';
import { createRulesRepo } from './rules-repo';
import { createRulesService } from './rules-service';

/** 邻里圈 composed (repos → services → routes), so app.ts registers it with one line. */
export function registerBoard(
  kit: RouteKit,
  deps: { db: Db; access: AccessService; audit: AuditRepo; notices: NotificationService; checks: ContentChecks; pii: PiiCipher; photoCookie: PhotoCookie; now: () => Date },
) {
  const { db, access, audit, notices, checks, pii, photoCookie, now } = deps;
  const gate = createWriteGateRepo(db);
  const board = createBoardAccess({ access, gate, now });
  const firstPages = createFirstPages(now);
  const changed = firstPages.changed;
  const feed = createFeedService({ feed: createFeedRepo(db), board, firstPages, now });
  const postsRepo = createPostsRepo(db, createImageUses());
  const commentsRepo = createCommentsRepo(db);
  const posts = createPostsService({ posts: postsRepo, gate, board, checks, notices, changed, now });
  const comments = createCommentsService({ comments: commentsRepo, posts: postsRepo, board, checks, notices, changed, now });
  const reports = createReportsService({ reports: createReportsRepo(db), posts: postsRepo, comments: commentsRepo, board, notices, changed, now });
  const rules = createRulesService({ rules: createRulesRepo(db), gate, board, access, audit, now });
  boardRoutes(kit, { feed, posts, comments, reports, rules, photoCookie });
  const moderation = createModerationService({
    queue: createQueueRepo(db),
    moderation: createModerationRepo(db, commentsRepo),
    actions: createActionsRepo(db),
    posts: postsRepo,
    comments: commentsRepo,
    access,
    audit,
    checks,
    notices,
    pii,
    changed,
    now,
  });
  boardManageRoutes(kit, moderation, photoCookie);
}
