import { callOf } from '../endpoint';
import type { acceptBoardRules, getBoardRules, saveBoardRules } from './board-rules-text';
import type { createComment, deleteComment, listComments, reportContent } from './comments';
import type { listModerationActions, listModerationQueue, listMutes, moderateContent, mutePerson, pinPost } from './moderation';
import type { createPost, deletePost, editPost, getPost, likePost, listPersonPosts, listPosts, markSold, searchPosts } from './posts';

/** The board's calls, free of zod (see polls/calls.ts for why): /stick's first load carries none. */
export const listPostsCall = callOf<typeof listPosts>('GET', '/v1/board/posts');
export const searchPostsCall = callOf<typeof searchPosts>('GET', '/v1/board/search');
export const listPersonPostsCall = callOf<typeof listPersonPosts>('GET', '/v1/board/people/:openId/posts');
export const getPostCall = callOf<typeof getPost>('GET', '/v1/board/posts/:id');
export const createPostCall = callOf<typeof createPost>('POST', '/v1/board/posts');
export const editPostCall = callOf<typeof editPost>('POST', '/v1/board/posts/:id/edit');
export const deletePostCall = callOf<typeof deletePost>('POST', '/v1/board/posts/:id/delete');
export const markSoldCall = callOf<typeof markSold>('POST', '/v1/board/posts/:id/sold');
export const likePostCall = callOf<typeof likePost>('POST', '/v1/board/posts/:id/like');
export const listCommentsCall = callOf<typeof listComments>('GET', '/v1/board/posts/:id/comments');
export const createCommentCall = callOf<typeof createComment>('POST', '/v1/board/comments');
export const deleteCommentCall = callOf<typeof deleteComment>('POST', '/v1/board/comments/:id/delete');
export const reportContentCall = callOf<typeof reportContent>('POST', '/v1/board/reports');
export const getBoardRulesCall = callOf<typeof getBoardRules>('GET', '/v1/board/rules');
export const acceptBoardRulesCall = callOf<typeof acceptBoardRules>('POST', '/v1/board/rules/accept');
export const saveBoardRulesCall = callOf<typeof saveBoardRules>('POST', '/v1/manage/board/rules');
export const listModerationQueueCall = callOf<typeof listModerationQueue>('GET', '/v1/manage/board/queue');
export const moderateContentCall = callOf<typeof moderateContent>('POST', '/v1/manage/board/moderate');
export const pinPostCall = callOf<typeof pinPost>('POST', '/v1/manage/board/pin');
export const mutePersonCall = callOf<typeof mutePerson>('POST', '/v1/manage/board/mute');
export const listMutesCall = callOf<typeof listMutes>('GET', '/v1/manage/board/mutes');
export const listModerationActionsCall = callOf<typeof listModerationActions>('GET', '/v1/manage/board/actions');
