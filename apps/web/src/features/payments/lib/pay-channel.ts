import type { PayChannel } from '@sq/contract/payments/pay-rules';

/**
 * How this page pays (issue 36): the demo's sandbox always through its cashier page (H5); inside
 * WeChat JSAPI (WeixinJSBridge); in the Android/iOS shells the app's WeChat SDK through the
 * bridge; any other browser WeChat Pay's H5 page.
 */
export function payChannelFor(env: { sandbox: boolean; userAgent: string; nativeShell: boolean }): PayChannel {
  if (env.sandbox) return 'h5';
  if (env.nativeShell) return 'app';
  if (/MicroMessenger/i.test(env.userAgent)) return 'jsapi';
  return 'h5';
}

/** mm:ss of the seconds left to pay. */
export function countdownText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** WeChat's H5 page returns here after paying (its redirect_url parameter). */
export function withReturn(h5Url: string, back: string): string {
  return `${h5Url}${h5Url.includes('?') ? '&' : '?'}redirect_url=${encodeURIComponent(back)}`;
}
