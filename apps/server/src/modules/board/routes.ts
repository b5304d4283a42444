import { createComment, deleteComment, listComments, reportContent } from '@sq/contract/board/comments';
import { acceptBoardRules, getBoardRules, saveBoardRules } from '@sq/contract/board/board-rules-text';
import { createPost, deletePost, editPost, getPost, likePost, listPersonPosts, listPosts, markSold, searchPosts } from '@sq/contract/board/posts';
import { listModerationActions, listModerationQueue, listMutes, markPostUseful, moderateContent, mutePerson, pinPost } from '@sq/contract/board/moderation';
import type { FastifyRequest } from 'fastify';
import type { RouteKit } from '../../lib/route-kit';
import type { PhotoCookie } from '../images/photo-cookie';
import type { CommentsService } from './comments-service';
import type { FeedService } from './feed-service';
import type { ModerationService } from './moderation-service';
import type { PostsService } from './posts-service';
import type { ReportsService } from './reports-service';
import type { RulesService } from './rules-service';

const param = (req: FastifyRequest, name: 'id' | 'openId') => (req.params as Record<string, string>)[name] ?? '';

/** 邻里圈's posts and rules (issue 33): reading, writing, /rules. */
export function boardRoutes(
  kit: RouteKit,
  s: { feed: FeedService; posts: PostsService; comments: CommentsService; reports: ReportsService; rules: RulesService; photoCookie: PhotoCookie },
) {
  // The answers that list photos set the cookie their <img> need (images/photo-cookie.ts).
  kit.authed(listPosts, ({ caller, query, req, reply }) => (s.photoCookie(req, reply), s.feed.list(caller, query)));
  kit.authed(searchPosts, ({ caller, query, req, reply }) => (s.photoCookie(req, reply), s.feed.search(caller, query)));
  kit.authed(listPersonPosts, ({ caller, query, req, reply }) => (s.photoCookie(req, reply), s.feed.ofPerson(caller, param(req, 'openId'), query)));
  kit.authed(getPost, ({ caller, req, reply }) => (s.photoCookie(req, reply), s.feed.get(caller, param(req, 'id'))));
  kit.authed(createPost, ({ caller, body }) => s.posts.create(caller, body));
  kit.authed(editPost, ({ caller, body, req }) => s.posts.edit(caller, param(req, 'id'), body));
  kit.authed(deletePost, ({ caller, req }) => s.posts.remove(caller, param(req, 'id')));
  kit.authed(markSold, ({ caller, body, req }) => s.posts.markSold(caller, param(req, 'id'), body.sold));
  kit.authed(likePost, ({ caller, body, req }) => s.posts.like(caller, param(req, 'id'), body.liked));
  kit.authed(listComments, ({ caller, query, req }) => s.comments.list(caller, param(req, 'id'), query));
  kit.authed(createComment, ({ caller, body }) => s.comments.create(caller, body));
  kit.authed(deleteComment, ({ caller, req }) => s.comments.remove(caller, param(req, 'id')));
  kit.authed(reportContent, ({ caller, body }) => s.reports.report(caller, body));
  kit.authed(getBoardRules, ({ caller, query }) => s.rules.get(caller, query.poiId));
  kit.authed(acceptBoardRules, ({ caller, body }) => s.rules.accept(caller, body.poiId));
  kit.authed(saveBoardRules, ({ caller, body }) => s.rules.save(caller, body.poiId, body.text));
}

/** 邻里圈管理 (管理中心): administrators and managers of the community. */
export function boardManageRoutes(kit: RouteKit, moderation: ModerationService, photoCookie: PhotoCookie) {
  kit.authed(listModerationQueue, ({ caller, query, req, reply }) => (photoCookie(req, reply), moderation.queue(caller, query)));
  kit.authed(moderateContent, ({ caller, body }) => moderation.moderate(caller, body));
  kit.authed(pinPost, ({ caller, body }) => moderation.pin(caller, body));
  kit.authed(markPostUseful, ({ caller, body }) => moderation.useful(caller, body));
  kit.authed(mutePerson, ({ caller, body }) => moderation.mute(caller, body));
  kit.authed(listMutes, ({ caller, query }) => moderation.mutes(caller, query.poiId));
  kit.authed(listModerationActions, ({ caller, query }) => moderation.actions(caller, query));
}
