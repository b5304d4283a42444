import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';
import { sandboxWanted } from '../../src/modules/payments/module';

const base = { DATA_DIR: '/nonexistent' };
const wechatPay = {
  WECHATPAY_MCH_ID: '1900000109',
  WECHATPAY_APP_ID: 'wxd930ea5d5a258f4f',
  WECHATPAY_API_V3_KEY: 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6',
  WECHATPAY_PRIVATE_KEY_PATH: '/keys/apiclient_key.pem',
  WECHATPAY_CERT_SERIAL: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
  WECHATPAY_PUBLIC_KEY_PATH: '/keys/pub_key.pem',
  WECHATPAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_0114232134912410000000000000',
};
const production = { NODE_ENV: 'production', SMS_PROVIDER: 'webhook', SMS_WEBHOOK_URL: 'https://sms.example.com/send', PUBLIC_ORIGIN: 'https://community.example.com' };

describe('WeChat Pay settings and the 演示支付 sandbox', () => {
  it('the sandbox runs in the demo (development) without WeChat Pay, not in tests or production unless asked', () => {
    expect(sandboxWanted(loadConfig({ ...base }))).toBe(true);
    expect(sandboxWanted(loadConfig({ ...base, NODE_ENV: 'test' }))).toBe(false);
    expect(sandboxWanted(loadConfig({ ...base, ...production }))).toBe(false);
    expect(sandboxWanted(loadConfig({ ...base, ...production, PAY_SANDBOX: '1' }))).toBe(true);
    expect(sandboxWanted(loadConfig({ ...base, PAY_SANDBOX: '0' }))).toBe(false);
  });

  it('never beside real WeChat Pay: configured WeChat Pay turns the default off, and asking for both is refused', () => {
    expect(sandboxWanted(loadConfig({ ...base, ...wechatPay }))).toBe(false);
    expect(() => loadConfig({ ...base, ...wechatPay, PAY_SANDBOX: '1' })).toThrow(/PAY_SANDBOX/);
  });

  it('WeChat Pay needs every one of its settings, and a key of 32 characters', () => {
    const { WECHATPAY_PUBLIC_KEY_ID: _id, ...without } = wechatPay;
    expect(() => loadConfig({ ...base, ...without })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ...without })).toThrow(/WECHATPAY_PUBLIC_KEY_ID: required with WECHATPAY_MCH_ID/);
    expect(() => loadConfig({ ...base, ...wechatPay, WECHATPAY_API_V3_KEY: 'short' })).toThrow(/exactly 32 characters/);
    expect(loadConfig({ ...base, ...wechatPay }).WECHATPAY_BASE_URL).toBe('https://api.mch.weixin.qq.com');
  });
});
