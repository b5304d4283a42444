import { describe, expect, it } from 'vitest';
import { countdownText, payChannelFor, withReturn } from './pay-channel';

describe('the pay page', () => {
  it('chooses JSAPI inside WeChat, the bridge in the shells, H5 elsewhere, and the sandbox always H5', () => {
    const wechat = 'Mozilla/5.0 (iPhone) MicroMessenger/8.0.40';
    expect(payChannelFor({ sandbox: false, userAgent: wechat, nativeShell: false })).toBe('jsapi');
    expect(payChannelFor({ sandbox: false, userAgent: 'Safari', nativeShell: true })).toBe('app');
    expect(payChannelFor({ sandbox: false, userAgent: 'Safari', nativeShell: false })).toBe('h5');
    expect(payChannelFor({ sandbox: true, userAgent: wechat, nativeShell: true })).toBe('h5');
  });

  it('counts down as mm:ss and returns from the H5 page', () => {
    expect(countdownText(899)).toBe('14:59');
    expect(countdownText(-3)).toBe('00:00');
    expect(withReturn('https://wx.tenpay.com/cgi-bin/x?prepay_id=1', '/pay?order=a')).toBe('https://wx.tenpay.com/cgi-bin/x?prepay_id=1&redirect_url=%2Fpay%3Forder%3Da');
  });
});
