import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZImage, ZImageHash } from '../images/upload-image';
import { ZPoiId } from '../poi-id';
import {
  BOARD_KINDS,
  BoardMsg,
  CONTENT_STATUSES,
  POST_MAX_CHARS,
  POST_MAX_IMAGES,
  SALE_MAX_PRICE_FEN,
  SEARCH_MAX_CHARS,
} from './board-rules';

const ZId = (message: string) => z.string({ error: message }).uuid({ error: message });
/** An opaque keyset cursor a page hands back for the next one. */
export const ZCursor = z.string({ error: BoardMsg.cursor }).max(200, BoardMsg.cursor).optional();

/** A post's author as every reader sees them: the screen name and avatar, never who they are. */
export const ZBoardAuthor = /*#__PURE__*/ z.object({
  openId: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
  /** The community's staff (物业/居委会), marked so that residents know who speaks officially. */
  staff: z.boolean(),
});

/** A post in the feed: enough for a card, with thumbnails. */
export const ZPostCard = /*#__PURE__*/ z.object({
  id: z.string(),
  kind: z.enum(BOARD_KINDS),
  author: ZBoardAuthor,
  /** The text as shown (masked); the card shortens it itself. */
  text: z.string(),
  images: z.array(ZImage),
  /** 闲置 only: the price in fen (null: 面议 or not for sale). */
  priceFen: z.number().int().nullable(),
  sold: z.boolean(),
  /** Unix seconds. */
  createdAt: z.number().int(),
  editedAt: z.number().int().nullable(),
  /** Unix seconds until which it stays on top; null when not pinned. */
  pinnedUntil: z.number().int().nullable(),
  likes: z.number().int(),
  comments: z.number().int(),
  /** Whether the caller liked it. */
  liked: z.boolean(),
  /** Whether it is the caller's own (编辑/删除 shown). */
  mine: z.boolean(),
  /**
   * visible to all; held, removed: shown to its author only (with `notice`), deleted: to nobody.
   */
  status: z.enum(CONTENT_STATUSES),
  /** To the author of a held or removed post: why (a removal's reason as staff wrote it). */
  notice: z.string().nullable(),
});
export type PostCard = z.output<typeof ZPostCard>;

const ZPage = <T extends z.ZodType>(item: T) => z.object({ posts: z.array(item), next: z.string().nullable() });

/**
 * /stick: the community's board, newest first; on the first page (no cursor) the posts pinned
 * now come first in `pinned` (also under their kind's tab). Readable by anyone who joined the
 * community or belongs to it.
 */
export const listPosts = defineEndpoint({
  method: 'GET',
  path: '/v1/board/posts',
  summary: '邻里圈帖子（置顶在前，最新在前）',
  query: z.object({ poiId: ZPoiId, kind: z.enum(BOARD_KINDS, { error: BoardMsg.kind }).optional(), cursor: ZCursor }),
  data: ZPage(ZPostCard).extend({ pinned: z.array(ZPostCard) }),
});

/** /searchlist?keyword=: posts whose text or comments hold the keyword; an empty one lists the latest. */
export const searchPosts = defineEndpoint({
  method: 'GET',
  path: '/v1/board/search',
  summary: '搜索邻里圈帖子和评论',
  query: z.object({
    poiId: ZPoiId,
    keyword: z.string({ error: BoardMsg.keyword }).trim().max(SEARCH_MAX_CHARS, BoardMsg.keywordTooLong).default(''),
    kind: z.enum(BOARD_KINDS, { error: BoardMsg.kind }).optional(),
    cursor: ZCursor,
  }),
  data: ZPage(ZPostCard),
});

/**
 * /stick/wwear/{openId}: one person's posts in the community, newest first. Their own view also
 * lists what is held or removed, with why.
 */
export const listPersonPosts = defineEndpoint({
  method: 'GET',
  path: '/v1/board/people/:openId/posts',
  summary: '某人在本社区邻里圈的帖子（本人可见待审核和被删除的）',
  query: z.object({ poiId: ZPoiId, cursor: ZCursor }),
  data: ZPage(ZPostCard).extend({ author: ZBoardAuthor }),
});

/** /stickdetail?id=: one post (comments come page by page from listComments). */
export const getPost = defineEndpoint({
  method: 'GET',
  path: '/v1/board/posts/:id',
  summary: '帖子详情',
  data: z.object({ post: ZPostCard.extend({ poiId: z.string(), showPhone: z.boolean() }) }),
});

const ZPriceFen = z
  .number({ error: BoardMsg.price })
  .int(BoardMsg.price)
  .min(0, BoardMsg.price)
  .max(SALE_MAX_PRICE_FEN, BoardMsg.price)
  .nullable();

export const ZPostBody = z.object({
  kind: z.enum(BOARD_KINDS, { error: BoardMsg.kind }),
  text: z.string({ error: BoardMsg.textRequired }).trim().min(1, BoardMsg.textRequired).max(POST_MAX_CHARS, BoardMsg.textTooLong),
  /** Hashes from uploadImage, in the order shown. */
  images: z.array(ZImageHash, { error: BoardMsg.imageNotFound }).max(POST_MAX_IMAGES, BoardMsg.tooManyImages).default([]),
  /** 闲置 only; in fen (the page converts yuan). */
  priceFen: ZPriceFen.optional(),
  /** 公开电话: the author's mobile numbers in the text are shown whole. */
  showPhone: z.boolean().default(false),
});
export type PostBody = z.input<typeof ZPostBody>;

/** What a post or comment's author is told: shown at once, or held (and why, in Chinese). */
const ZWritten = z.object({ status: z.enum(CONTENT_STATUSES), notice: z.string().nullable() });

/** /tpush: a new post; the rules accepted first (acceptRules). */
export const createPost = defineEndpoint({
  method: 'POST',
  path: '/v1/board/posts',
  summary: '发帖',
  body: ZPostBody.extend({ poiId: ZPoiId }),
  data: ZWritten.extend({ id: z.string() }),
});

/** The author's edit: the whole post again, checked again. */
export const editPost = defineEndpoint({
  method: 'POST',
  path: '/v1/board/posts/:id/edit',
  summary: '编辑自己的帖子',
  body: ZPostBody,
  data: ZWritten.extend({ id: z.string() }),
});

export const deletePost = defineEndpoint({
  method: 'POST',
  path: '/v1/board/posts/:id/delete',
  summary: '删除自己的帖子',
  data: z.object({ deleted: z.literal(true) }),
});

/** 已售出 on the author's 闲置 post, or back. */
export const markSold = defineEndpoint({
  method: 'POST',
  path: '/v1/board/posts/:id/sold',
  summary: '闲置帖子标记已售出',
  body: z.object({ sold: z.boolean({ error: BoardMsg.postNotFound }) }),
  data: z.object({ sold: z.boolean() }),
});

/** Like or unlike; answers the count as it stands. */
export const likePost = defineEndpoint({
  method: 'POST',
  path: '/v1/board/posts/:id/like',
  summary: '点赞或取消点赞',
  body: z.object({ liked: z.boolean({ error: BoardMsg.postNotFound }) }),
  data: z.object({ liked: z.boolean(), likes: z.number().int() }),
});

export { ZId };
