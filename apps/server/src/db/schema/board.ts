import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, instant } from './columns';
import { communities } from './community';
import { users } from './identity';

export type BoardImage = { hash: string; width: number; height: number };

/**
 * What every user-written text passes (DESIGN.md §9 "Content checks"), per community: the
 * keywords its managers added to the maintained list, and what a link in a text does.
 */
export const contentSettings = pgTable('content_settings', {
  poiId: text('poi_id').primaryKey().references(() => communities.poiId),
  keywords: text('keywords').array().notNull().default(sql`'{}'::text[]`),
  // 'hold': a text with a link waits for staff; 'allow': links show at once.
  links: text('links').notNull().default('hold'),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});

/**
 * 邻里圈 posts (issue 33). `text` is what readers see: mobiles (unless the author made theirs
 * public), ID and document numbers and plates are masked before it is stored, so the full values
 * never are. `search_terms`: the text's CJK bigrams and words (board/search-terms.ts), for a GIN
 * index that finds two-character words such as 车位 without a Chinese parser.
 */
export const boardPosts = pgTable(
  'board_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    poiId: text('poi_id').notNull().references(() => communities.poiId),
    authorId: uuid('author_id').notNull().references(() => users.id),
    kind: text('kind').notNull(),
    text: text('text').notNull(),
    // The photos in the order shown, with their sizes so the feed lays them out without reading `images`.
    images: jsonb('images').$type<BoardImage[]>().notNull().default([]),
    priceFen: bigint('price_fen', { mode: 'number' }),
    sold: boolean('sold').notNull().default(false),
    showPhone: boolean('show_phone').notNull().default(false),
    // visible, held, removed, deleted (board-rules CONTENT_STATUSES).
    status: text('status').notNull(),
    // Why it is held: 'keyword', 'link', 'reports'.
    heldReasons: text('held_reasons').array().notNull().default(sql`'{}'::text[]`),
    // What staff told the author when they removed it.
    removedReason: text('removed_reason'),
    moderatedBy: uuid('moderated_by').references(() => users.id, { onDelete: 'set null' }),
    moderatedAt: instant('moderated_at'),
    pinnedUntil: instant('pinned_until'),
    // Staff marked it useful to the community (its author earns member points once; issue 35 item 4).
    usefulAt: instant('useful_at'),
    usefulBy: uuid('useful_by').references(() => users.id, { onDelete: 'set null' }),
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    reportCount: integer('report_count').notNull().default(0),
    searchTerms: text('search_terms').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    editedAt: instant('edited_at'),
    // When it stopped showing (removed or deleted): the retention clock of hidden content.
    hiddenAt: instant('hidden_at'),
  },
  (t) => [
    index('board_posts_feed_idx').on(t.poiId, t.createdAt.desc(), t.id.desc()).where(sql`status = 'visible'`),
    index('board_posts_kind_feed_idx').on(t.poiId, t.kind, t.createdAt.desc(), t.id.desc()).where(sql`status = 'visible'`),
    index('board_posts_pinned_idx').on(t.poiId, t.pinnedUntil).where(sql`pinned_until is not null`),
    index('board_posts_queue_idx').on(t.poiId, t.createdAt).where(sql`status = 'held'`),
    index('board_posts_author_idx').on(t.authorId, t.createdAt.desc()),
    index('board_posts_hidden_idx').on(t.hiddenAt).where(sql`hidden_at is not null`),
    index('board_posts_search_idx').using('gin', t.searchTerms),
  ],
);

/** Comments on a post, one level of replies (`reply_to` is a top-level comment of the same post). */
export const boardComments = pgTable(
  'board_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id').notNull().references(() => boardPosts.id, { onDelete: 'cascade' }),
    poiId: text('poi_id').notNull(),
    authorId: uuid('author_id').notNull().references(() => users.id),
    replyTo: uuid('reply_to'),
    // The comment answered inside the thread (回复 @name), which may itself be a reply.
    replyToAuthorId: uuid('reply_to_author_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    status: text('status').notNull(),
    heldReasons: text('held_reasons').array().notNull().default(sql`'{}'::text[]`),
    removedReason: text('removed_reason'),
    moderatedBy: uuid('moderated_by').references(() => users.id, { onDelete: 'set null' }),
    moderatedAt: instant('moderated_at'),
    reportCount: integer('report_count').notNull().default(0),
    searchTerms: text('search_terms').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    hiddenAt: instant('hidden_at'),
  },
  (t) => [
    index('board_comments_post_idx').on(t.postId, t.createdAt, t.id),
    index('board_comments_queue_idx').on(t.poiId, t.createdAt).where(sql`status = 'held'`),
    index('board_comments_author_idx').on(t.authorId, t.createdAt.desc()),
    index('board_comments_hidden_idx').on(t.hiddenAt).where(sql`hidden_at is not null`),
    index('board_comments_search_idx').using('gin', t.searchTerms),
  ],
);

export const boardLikes = pgTable(
  'board_likes',
  {
    postId: uuid('post_id').notNull().references(() => boardPosts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index('board_likes_user_idx').on(t.userId)],
);

/** One report per person per post or comment: the key, not a check, makes a second one count nothing. */
export const boardReports = pgTable(
  'board_reports',
  {
    // 'post' or 'comment'.
    target: text('target').notNull(),
    targetId: uuid('target_id').notNull(),
    reporterId: uuid('reporter_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    poiId: text('poi_id').notNull(),
    reason: text('reason').notNull(),
    detail: text('detail').notNull().default(''),
    createdAt: createdAt(),
    // Set when staff decided on the reported content.
    resolvedAt: instant('resolved_at'),
  },
  (t) => [primaryKey({ columns: [t.target, t.targetId, t.reporterId] }), index('board_reports_reporter_idx').on(t.reporterId, t.createdAt)],
);

/** A person muted on a community's board by its staff, until a time. */
export const boardMutes = pgTable(
  'board_mutes',
  {
    poiId: text('poi_id').notNull().references(() => communities.poiId),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    until: instant('until').notNull(),
    reason: text('reason').notNull(),
    mutedBy: uuid('muted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.poiId, t.userId] })],
);

/** A community's board rules (/rules) when its managers changed the default text. */
export const boardRules = pgTable('board_rules', {
  poiId: text('poi_id').primaryKey().references(() => communities.poiId),
  text: text('text').notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});

/** Who accepted the rules before their first post, and when (the rules' version they saw). */
export const boardRuleAcceptances = pgTable(
  'board_rule_acceptances',
  {
    poiId: text('poi_id').notNull().references(() => communities.poiId),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    acceptedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.poiId, t.userId] })],
);
