/** 商家审核's words and limits (free of zod). */
export const MERCHANT_REVIEW_DECISIONS = ['approve', 'return'] as const;
export type MerchantReviewDecision = (typeof MERCHANT_REVIEW_DECISIONS)[number];
export const MERCHANT_REASON_MAX_CHARS = 100;

export const MerchantReviewMsg = {
  notReviewer: '您不是该店铺所在社区的管理员或经理',
  operatorOnly: '只有平台运营人员可以进行此操作',
  notRegistered: '该手机号尚未注册，请让对方先用此手机号登录一次',
  ownerIsStaff: '店主不能被添加为店员',
  notEditable: '店铺已停用，不能修改',
  bannedWords: (words: readonly string[]) => `店铺信息含有服务社区设置的敏感词（${words.join('、')}），请修改后再提交`,
} as const;

/** What an audit line's action reads as in the trail. */
export const MERCHANT_AUDIT_ACTIONS: Record<string, string> = {
  'merchant.approve': '通过',
  'merchant.return': '退回',
  'merchant.suspend': '停用',
  'merchant.restore': '恢复',
};
