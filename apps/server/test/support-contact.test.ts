import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createTestApp, type TestApp } from './support/test-app';

/** 技术支持 (/support) shows the deployment's own contacts, and nothing when none are set. */
const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((a) => a.close())));
const contactOf = async (env: Record<string, string>) => {
  const t = await createTestApp({ env });
  apps.push(t);
  return (await t.app.inject({ url: '/v1/support/contact' })).json();
};

describe('GET /v1/support/contact', () => {
  it('answers empty fields when the deployment set none – no placeholder number', async () => {
    expect(await contactOf({})).toEqual({ code: 200, message: 'ok', data: { hotline: '', hours: '', wechatId: '', wechatQr: '' } });
  });

  it('answers what the deployment configured', async () => {
    const env = { SUPPORT_HOTLINE: '400-810-6688', SUPPORT_HOURS: '每天 8:00–20:00', SUPPORT_WECHAT_ID: 'wangjing-help', SUPPORT_WECHAT_QR: 'https://u.wechat.com/abc' };
    expect((await contactOf(env)).data).toEqual({ hotline: '400-810-6688', hours: '每天 8:00–20:00', wechatId: 'wangjing-help', wechatQr: 'https://u.wechat.com/abc' });
  });

  it('refuses settings that are not a phone number, a WeChat ID or a web address', () => {
    expect(() => loadConfig({ SUPPORT_HOTLINE: 'call us' })).toThrow(/SUPPORT_HOTLINE/);
    expect(() => loadConfig({ SUPPORT_WECHAT_ID: '1x' })).toThrow(/SUPPORT_WECHAT_ID/);
    expect(() => loadConfig({ SUPPORT_WECHAT_QR: 'javascript:alert(1)' })).toThrow(/SUPPORT_WECHAT_QR/);
  });
});
