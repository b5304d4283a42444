/**
 * 技术支持 contact shown on /support. PLACEHOLDERS: replace with the operator's real hotline and
 * WeChat before going live; this is the only place they are written.
 */
export const SUPPORT_CONTACT = {
  /** Shown as written and dialled without the dashes. */
  hotline: '400-000-0000',
  /** The WeChat account people add; shown under the QR code. */
  wechatId: 'sq-support',
  /** What the WeChat QR encodes: the account's invite link from WeChat (我 → 二维码名片 → 保存). */
  wechatQr: 'https://u.wechat.com/sq-support',
} as const;
