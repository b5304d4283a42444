/**
 * 邻里圈 (the community board, issue 33): kinds, limits and the messages people read. Free of zod
 * so that the feed's first load (which shares these) carries no schema library.
 */

/**
 * The kinds a post is filed under, as the feed's tabs. 通知 is for the community's staff only:
 * a resident's post that looks like an official notice would be believed as one.
 */
export const BOARD_KINDS = ['help', 'sale', 'lost', 'carpool', 'notice', 'other'] as const;
export type BoardKind = (typeof BOARD_KINDS)[number];
export const BOARD_KIND_NAMES: Record<BoardKind, string> = {
  help: '求助',
  sale: '闲置',
  lost: '失物招领',
  carpool: '拼车',
  notice: '通知',
  other: '其他',
};
/** Kinds only staff may post. */
export const STAFF_ONLY_KINDS: readonly BoardKind[] = ['notice'];

/** A post's text, in characters (issue 33). */
export const POST_MAX_CHARS = 2000;
/** A comment's text: a reply, not a second post. */
export const COMMENT_MAX_CHARS = 500;
/** Photos on one post (a 3 × 3 grid, as WeChat Moments). */
export const POST_MAX_IMAGES = 9;
/** 闲置: price in fen, at most ¥1,000,000 (a second-hand pram, not a flat). */
export const SALE_MAX_PRICE_FEN = 100_000_000;
/** Posts on one page of the feed, search results and a person's posts. */
export const BOARD_PAGE_SIZE = 20;
/** Comments on one page of a post's comments. */
export const COMMENT_PAGE_SIZE = 30;
/** Reports by different people that hold a post or comment until staff look at it. */
export const REPORTS_TO_HOLD = 3;
/** Per person per hour (issue 33 item 8). */
export const POSTS_PER_HOUR = 5;
export const COMMENTS_PER_HOUR = 30;
export const REPORTS_PER_HOUR = 10;
/** A search keyword: one or two Chinese characters already narrow a community's posts (婴儿车, 车位). */
export const SEARCH_MAX_CHARS = 30;
/** A reason staff write for a removal or a mute, which the author reads. */
export const MODERATION_REASON_MAX_CHARS = 200;
/** The community's board rules text. */
export const RULES_MAX_CHARS = 5000;
/**
 * How long removed and deleted posts and comments stay (hidden) before the retention job deletes
 * them: 《互联网跟帖评论服务管理规定》 asks the records kept, 《网络安全法》 art. 21 logs kept six
 * months at least (docs/decisions/board.md, "Board server"). 邻里圈管理 says it to staff.
 */
export const BOARD_HIDDEN_KEEP_MONTHS = 6;
/** Mutes last 1 to 365 days. */
export const MUTE_MAX_DAYS = 365;
/** A pin lasts at most 90 days: a notice pinned for ever stops being read. */
export const PIN_MAX_DAYS = 90;

/** Why a person reports a post or comment. */
export const REPORT_REASONS = ['spam', 'fraud', 'abuse', 'privacy', 'illegal', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_NAMES: Record<ReportReason, string> = {
  spam: '垃圾广告',
  fraud: '诈骗或虚假信息',
  abuse: '辱骂、骚扰',
  privacy: '泄露他人隐私',
  illegal: '违法违规内容',
  other: '其他',
};

/**
 * Where a post or comment stands. `held`: waiting for staff (a keyword, a link, three reports);
 * `removed`: taken down by staff with a reason its author reads; `deleted`: by its author.
 */
export const CONTENT_STATUSES = ['visible', 'held', 'removed', 'deleted'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];
export const CONTENT_STATUS_NAMES: Record<ContentStatus, string> = { visible: '已显示', held: '待审核', removed: '已被删除', deleted: '本人已删除' };

export const BoardMsg = {
  kind: '请选择帖子分类',
  noticeStaffOnly: '“通知”只能由社区工作人员发布',
  textRequired: '请输入内容',
  textTooLong: `内容不能超过${POST_MAX_CHARS}字`,
  commentRequired: '请输入评论内容',
  commentTooLong: `评论不能超过${COMMENT_MAX_CHARS}字`,
  tooManyImages: `最多上传${POST_MAX_IMAGES}张图片`,
  imageNotFound: '图片已失效，请重新上传',
  price: '请输入正确的价格（0 – 1,000,000 元，最多两位小数）',
  priceOnlySale: '只有“闲置”帖子可以标价',
  postNotFound: '帖子不存在或已删除',
  commentNotFound: '评论不存在或已删除',
  notAuthor: '只能修改自己的帖子',
  notCommentAuthor: '只能删除自己的评论',
  replyNotFound: '要回复的评论不存在',
  notMember: '您还不是本小区的居民：出入登记审核通过后即可发帖和评论',
  notJoined: '请先加入该社区再查看邻里圈',
  rulesFirst: '发帖前请先阅读并同意《邻里圈规则》',
  muted: (until: string) => `您已被禁言至${until}，暂不能发帖和评论`,
  tooManyPosts: `每小时最多发${POSTS_PER_HOUR}条帖子，请稍后再发`,
  tooManyComments: `每小时最多发${COMMENTS_PER_HOUR}条评论，请稍后再发`,
  tooManyReports: '举报过于频繁，请稍后再试',
  reportReason: '请选择举报原因',
  reportOwn: '不能举报自己的内容',
  alreadyReported: '您已举报过，工作人员会尽快处理',
  held: '内容已提交，需工作人员审核后才会显示',
  keyword: '请输入关键词',
  keywordTooLong: `关键词不能超过${SEARCH_MAX_CHARS}字`,
  reason: '请填写处理原因（作者会看到）',
  reasonTooLong: `原因不能超过${MODERATION_REASON_MAX_CHARS}字`,
  pinUntil: `置顶截止日期须为今天起${PIN_MAX_DAYS}天以内的日期`,
  usefulOwn: '不能把自己的帖子标为有用',
  muteDays: `禁言天数须为1 – ${MUTE_MAX_DAYS}天`,
  rulesText: '请输入规则内容',
  rulesTooLong: `规则不能超过${RULES_MAX_CHARS}字`,
  cursor: '分页参数不正确',
  personNotFound: '该用户不存在',
} as const;

/** What staff's board actions are called in 邻里圈管理's record and in 操作日志. */
export const BOARD_ACTION_LABELS: Record<string, string> = {
  'board.approve': '审核通过',
  'board.remove': '删除内容',
  'board.pin': '置顶帖子',
  'board.unpin': '取消置顶',
  'board.useful': '标为有用',
  'board.mute': '禁言',
  'board.unmute': '解除禁言',
  'board.rules': '修改邻里圈规则',
  'content.settings': '修改关键词和链接规则',
};

/** ¥12.50 from 1250 fen; whole yuan without decimals (¥12). */
export function formatFen(fen: number): string {
  const yuan = Math.floor(fen / 100);
  const rest = fen % 100;
  return rest === 0 ? `¥${yuan}` : `¥${yuan}.${String(rest).padStart(2, '0')}`;
}
