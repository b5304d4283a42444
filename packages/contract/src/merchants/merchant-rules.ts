/**
 * 周边商家 (issue 35 item 1): a shop's states, roles, limits, the licence number's check and the
 * messages people read. Free of zod so the residents' shop pages load no schema library.
 */

/**
 * A shop on the platform. `pending`: applied, waiting for review; `approved`: listed where a
 * community approved it; `returned`: sent back with a reason, to correct and apply again;
 * `suspended`: taken off every community by the platform operator.
 */
export const MERCHANT_STATUSES = ['pending', 'approved', 'returned', 'suspended'] as const;
export type MerchantStatus = (typeof MERCHANT_STATUSES)[number];
export const MERCHANT_STATUS_NAMES: Record<MerchantStatus, string> = { pending: '审核中', approved: '已通过', returned: '已退回', suspended: '已停用' };

/** A shop in one community it serves: reviewed there by the operator or that community's administrator. */
export const MERCHANT_LINK_STATUSES = ['pending', 'approved', 'returned', 'removed'] as const;
export type MerchantLinkStatus = (typeof MERCHANT_LINK_STATUSES)[number];

/** A shop's accounts: its owner (who applied) and the clerks the owner adds by mobile. */
export const MERCHANT_ROLES = ['owner', 'clerk'] as const;
export type MerchantRole = (typeof MERCHANT_ROLES)[number];
export const MERCHANT_ROLE_NAMES: Record<MerchantRole, string> = { owner: '店主', clerk: '店员' };

export const MERCHANT_NAME_MAX_CHARS = 30;
export const MERCHANT_INTRO_MAX_CHARS = 500;
export const MERCHANT_ADDRESS_MAX_CHARS = 80;
export const MERCHANT_PHOTOS_MAX = 6;
/** The radius a shop may choose for the communities it serves (metres). */
export const MERCHANT_RADIUS_MIN_M = 500;
export const MERCHANT_RADIUS_MAX_M = 10_000;
export const MERCHANT_CLERKS_MAX = 20;

export const MerchantMsg = {
  name: `请填写店铺名称（${MERCHANT_NAME_MAX_CHARS} 字以内）`,
  category: '请选择经营类别',
  intro: `店铺介绍不能超过 ${MERCHANT_INTRO_MAX_CHARS} 字`,
  address: `请填写店铺地址（${MERCHANT_ADDRESS_MAX_CHARS} 字以内）`,
  location: '请在地图上选择店铺位置',
  hours: '营业时间格式不正确，例如 09:00-21:00',
  phone: '请填写正确的店铺电话（手机或座机，如 010-12345678）',
  photos: `店铺照片最多 ${MERCHANT_PHOTOS_MAX} 张`,
  licenceNo: '统一社会信用代码不正确，请核对营业执照上的 18 位代码',
  licenceImage: '请上传营业执照照片',
  radius: `服务范围需在 ${MERCHANT_RADIUS_MIN_M / 1000}–${MERCHANT_RADIUS_MAX_M / 1000} 公里之间`,
  noCommunity: '服务范围内没有社区，请扩大服务范围或核对店铺位置',
  notFound: '店铺不存在或未通过审核',
  notMine: '您不是该店铺的店主或店员',
  ownerOnly: '只有店主可以进行此操作',
  alreadyApplied: '您已提交过店铺申请，请在商家中心查看进度',
  notPending: '该申请已处理，请刷新后查看',
  reason: '请填写退回原因（100 字以内）',
  clerkExists: '该手机号已是本店店员',
  clerksFull: `每个店铺最多 ${MERCHANT_CLERKS_MAX} 名店员`,
  suspended: '店铺已停用，请联系平台',
} as const;

/** 营业时间: one or two ranges, 24-hour (09:00-21:00, 07:00-10:00,17:00-22:00; 22:00-02:00 runs past midnight). */
export const HOURS_PATTERN = /^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-4]):[0-5]\d(,([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-4]):[0-5]\d)?$/;

/** A shop's public number: a mobile, or a landline with its area code (010-12345678, 0755-1234567), or 400/800. */
export const SHOP_PHONE_PATTERN = /^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8}|[48]00-?\d{3}-?\d{4})$/;

/** 统一社会信用代码 (GB 32100-2015): 18 characters of this alphabet, the last a check character. */
const USCC_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** The check character for the first 17 characters, or null when one is outside the alphabet. */
export function usccCheckChar(first17: string): string | null {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const v = USCC_CHARS.indexOf(first17[i] ?? '');
    if (v < 0) return null;
    sum += v * USCC_WEIGHTS[i]!;
  }
  return USCC_CHARS[(31 - (sum % 31)) % 31]!;
}

/** Whether `code` (upper-cased first) is a 统一社会信用代码 whose check character is right. */
export function isUscc(code: string): boolean {
  const c = code.trim().toUpperCase();
  return c.length === 18 && usccCheckChar(c.slice(0, 17)) === c[17];
}
