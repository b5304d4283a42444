/**
 * 社区团购's limits and messages (issue 36), enforced by the server and the publish form alike.
 * Free of zod: list pages format states and prices without a schema.
 */

/** A 团长's name as residents see it (3号楼王姐): short enough for a card's header. */
export const LEADER_NAME_MAX_CHARS = 20;
/** The leader's usual pickup point (e.g. 3号楼一单元门口). */
export const PICKUP_POINT_MAX_CHARS = 60;
export const LEADER_INTRO_MAX_CHARS = 300;

export const GROUP_BUY_TITLE_MAX_CHARS = 40;
export const GROUP_BUY_INTRO_MAX_CHARS = 1000;
/** Photos of one group buy (the gallery on its page). */
export const GROUP_BUY_PHOTOS_MAX = 9;
/** Items of one group buy: a cart of a screen or two. */
export const GROUP_BUY_ITEMS_MAX = 30;
export const ITEM_NAME_MAX_CHARS = 30;
export const ITEM_SPEC_MAX_CHARS = 30;
/** Units of one item (a neighbourhood's group buy, not a warehouse). */
export const ITEM_STOCK_MAX = 100_000;
export const PER_PERSON_LIMIT_MAX = 999;
export const MIN_ORDERS_MAX = 1000;
/** The longest order window: a group buy is days, not months. */
export const ORDER_WINDOW_MAX_DAYS = 30;
/** Pickup ends at most this long after the window closes (goods are fresh). */
export const PICKUP_MAX_DAYS = 14;
/** The leader's commission at most 50% (basis points: 1% = 100), as the table's check says. */
export const COMMISSION_MAX_BP = 5000;
export const CANCEL_REASON_MAX_CHARS = 100;

export const LEADER_STATUSES = ['pending', 'approved', 'returned', 'suspended'] as const;
export type LeaderStatus = (typeof LEADER_STATUSES)[number];
export const LEADER_STATUS_TEXT: Record<LeaderStatus, string> = { pending: '审核中', approved: '已通过', returned: '被退回', suspended: '已停用' };

/**
 * A group buy's state as people see it: `coming` (window not open yet), `selling`, `deciding`
 * (closed, 成团 being decided), `succeeded`, `failed` (成团 not reached: refunded), `cancelled`.
 */
export const GROUP_BUY_STATES = ['coming', 'selling', 'deciding', 'succeeded', 'failed', 'cancelled'] as const;
export type GroupBuyState = (typeof GROUP_BUY_STATES)[number];
export const GROUP_BUY_STATE_TEXT: Record<GroupBuyState, string> = {
  coming: '即将开团',
  selling: '火热团购中',
  deciding: '已截单，等待成团结果',
  succeeded: '已成团',
  failed: '未成团，已全额退款',
  cancelled: '已取消，已全额退款',
};

/** Ended with every paid order refunded in full: no sold count or 成团 progress is shown (the server answers sold 0). */
export const refundedInFullState = (s: GroupBuyState) => s === 'failed' || s === 'cancelled';

/** The state of a stored group buy at `nowMs` (status open splits by its window). */
export function groupBuyState(g: { status: string; opensAt: number; closesAt: number }, nowSec: number): GroupBuyState {
  if (g.status === 'succeeded' || g.status === 'failed' || g.status === 'cancelled') return g.status;
  if (nowSec < g.opensAt) return 'coming';
  if (nowSec < g.closesAt) return 'selling';
  return 'deciding';
}

/** '2天3小时' / '5小时12分' / '8分钟': what is left of a window, for a card. */
export function timeLeftText(seconds: number): string {
  if (seconds <= 0) return '已截单';
  const d = Math.floor(seconds / 86400);
  const h = Math.floor((seconds % 86400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  if (d > 0) return `${d}天${h}小时`;
  if (h > 0) return `${h}小时${m}分`;
  return `${Math.max(m, 1)}分钟`;
}

export const LeaderMsg = {
  displayName: `请填写团长名称（不超过${LEADER_NAME_MAX_CHARS}个字）`,
  pickupPoint: `请填写自提点（不超过${PICKUP_POINT_MAX_CHARS}个字）`,
  intro: `团长介绍不超过${LEADER_INTRO_MAX_CHARS}个字`,
  alreadyApplied: '您已在本社区申请过团长，请勿重复申请',
  notFound: '团长申请不存在',
  notPending: '该申请已处理，请刷新后查看',
  reason: '退回时请填写原因，方便申请人修改',
  decision: '请选择通过或退回',
  suspendReason: '停用时请填写原因（不超过100个字），将告知团长',
  notApproved: '只有已通过的团长可以停用，请刷新后查看',
  notSuspended: '该团长未被停用，请刷新后查看',
  notReviewer: '只有本社区的管理员、物业经理或平台运营可以审核团长申请',
  notManager: '只有本社区的管理员、物业经理或平台运营可以查看团购管理',
  bannedWords: (words: readonly string[]) => `内容含有本社区设置的敏感词（${words.join('、')}），请修改后再提交`,
} as const;

export const GroupBuyMsg = {
  title: `请填写团购标题（不超过${GROUP_BUY_TITLE_MAX_CHARS}个字）`,
  intro: `团购介绍不超过${GROUP_BUY_INTRO_MAX_CHARS}个字`,
  photos: `团购图片最多${GROUP_BUY_PHOTOS_MAX}张`,
  items: `请添加1到${GROUP_BUY_ITEMS_MAX}件商品`,
  itemName: `请填写商品名称（不超过${ITEM_NAME_MAX_CHARS}个字）`,
  itemSpec: `商品规格不超过${ITEM_SPEC_MAX_CHARS}个字`,
  price: '请填写正确的价格（元，最多两位小数，大于0）',
  stock: `请填写库存（1到${ITEM_STOCK_MAX}件）`,
  perPersonLimit: `请填写每人限购件数（1到${PER_PERSON_LIMIT_MAX}件）`,
  minOrders: `请填写成团人数（1到${MIN_ORDERS_MAX}人）`,
  window: '请填写正确的开团和截单时间',
  windowOrder: '截单时间须晚于开团时间',
  windowPast: '截单时间须晚于现在',
  windowLong: `开团到截单最长${ORDER_WINDOW_MAX_DAYS}天`,
  pickupPoint: `请填写自提点（不超过${PICKUP_POINT_MAX_CHARS}个字）`,
  pickupTime: '请填写正确的自提时间',
  pickupAfterClose: '自提开始时间须在截单之后（成团后才能发货）',
  pickupOrder: '自提结束时间须晚于开始时间',
  pickupLong: `自提须在截单后${PICKUP_MAX_DAYS}天内结束`,
  commission: '团长佣金比例须在0%到50%之间',
  seller: '请选择以团长或店铺身份发布',
  notLeader: '您还不是本社区审核通过的团长，请先在团长中心申请',
  shopNotHere: '您的店铺尚未通过本社区的审核，不能在本社区发布团购',
  notFound: '团购不存在或已下架',
  notSeller: '只有发布该团购的团长或店主可以操作',
  notOpen: '该团购已截单或已结束，不能取消',
  cancelReason: `请填写取消原因（不超过${CANCEL_REASON_MAX_CHARS}个字），会告知已下单的居民`,
  bannedWords: (words: readonly string[]) => `团购内容含有本社区设置的敏感词（${words.join('、')}），请修改后再提交`,
  photo: '图片不存在，请重新上传',
} as const;

/** What an audit line's action reads as in the trail (manage/audit-log.ts lists these too). */
export const GROUP_BUY_AUDIT_ACTIONS: Record<string, string> = {
  'groupLeader.approve': '团长审核通过',
  'groupLeader.return': '团长审核退回',
  'groupBuy.cancel': '取消团购',
};
