import type { EndpointData } from '@sq/contract/endpoint';
import type { listCommentsCall, listPostsCall } from '@sq/contract/board/calls';

// Types from the calls, not from posts.ts's zod schemas: type-only either way, but one import path.
export type PostCardData = EndpointData<typeof listPostsCall>['posts'][number];
export type BoardAuthor = PostCardData['author'];
export type CommentThread = EndpointData<typeof listCommentsCall>['comments'][number];
export type BoardCommentData = CommentThread['replies'][number];
