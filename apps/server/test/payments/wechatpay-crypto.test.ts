import { createPrivateKey, createPublicKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { authorization, decryptResource, encryptResource, jsapiParams, parseAuthorization, requestMessage, responseMessage, rsaSign, verifySigned } from '../../src/modules/payments/wechatpay/crypto';
import { fenOf, parseTradeBill } from '../../src/modules/payments/bill';

/** A key made for these tests only (PKCS#1 v1.5 signatures are deterministic: fixed vectors). */
const TEST_KEY_PEM = `-----BEGIN PRIVATE KEY-----
MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQCmiN2YfqXxHV1S
ZSl5LUwvoyL1VzBMYHZda/TmTq84A+raiYcPeM5AfDtG7RlVPjvow96vYXFAphAe
GRdMjPa9YUIlwYrz5hOD9LgzkXX026swYdaup5sDUpwIPx6VL8XJuUU2ld8GK+wE
qlSYQkeoW5bn2K/6BuN9DPD46vadaMNAVj82K0G+fp74wJSN6pSXQYzI535FbWQo
iP7gPMmDSLz6IWnn739OTeZIgvjjyNn9aNOk4wJVHwu9fA5Ck+d6zLpeVVXzV8tG
xWUXH4k02VRDuQwrCAgXty0Z+uag4crJEVhFWFpBcMkngh+qT88yDwIsPnpEE2tP
SFFqAOHvAgMBAAECggEAE80lUBsK/yLnNENcDZEBxI5Iu1RNJV+44z3RZksH0YjB
tY9xtDjAiXFcGQBbKUQXmoMjqMXU0gOM2g9QsmT2d6knVNbw/zQlsOR5vIP4uw8d
iUiw3p6GM3xwmhhrOgDuqyAw5x8l4BV74Egie+IxpAaT6Ghe8EM+bGGMC4TgovGf
MAxSnVTdOUmpJ+hz3U63utZwQkyZrbQPsvD970H298o5cZvszqz1xYt14mfDuvK4
W4Fx3SgLnB50abgz3ZRilEWH+2ymMwPUfaBbY+d/ebtCCIpKFdISRL9he8Dj7u5L
+FNczbr0zHM27TBY6eAN5vKAGByOFtBR3tLtDyU/yQKBgQDhPMK9dS61ni1Y0BJS
5Zo+doPXF7rGWff95Q0mTLYcqLtt7HCjcSAMxjyEnaKIpKhL0Ce4vzmXiCv8yPrG
DFrTChfBZ9CwsQ2yIfSgineZSQdG87aCfgKiG6O7tlK0yxEALMql7KBJO8BOKZ+C
bAgYF5QiHYOrslbfLERpuCXxxwKBgQC9R5zQqNdGXByyNQvC0sn0JQoFoT78JMLe
MKtvtEQ5c8z8I+chvYg5y7gbtp3PWLAPS2cR6KNMRoykFNxLyI3ufa4Mfrf5Dyut
TudvZ5YJaCh18/87ZvFB0glqWsIb3O/bOsbQzCLmjCtE65xGRsYBi9bgTN1T78uJ
0ORFtxGOmQKBgQC8eHJfxEl0kcpSMbHTieq6b8M8Xc/dH/WCj4KkVLZiXtKPVbSf
Hw75gXusYJdbjaSB48kJL4IKiVh9atNkm3v4cc6U+MDIyS6zqvQezh7rtg8P0Okc
YkLj0Qr+DL9CJ1WvdsuPceRhw0zUWsHtiWZwenJq5ZWDO3SzxD/u0rd1iwKBgCGT
F1zn5i/D3Q87W5e2Xj5hZ5KyFIMTXkGdbnuFBWkPgnfjQnd4sDZYTZMU5I9IEwrT
fDfwBS9dgEsGrEEBFTQNtRbgT2/tYfj++wyG2lVW1X5+xnJaA0eCo0rrSG061o0T
svqMi1BL4sz54iGRIkRZ8sacu9HMwlTy6dr36zRZAoGAZALDigKU6Govxc7QJ1Kt
q8pRNdYOrWb/eAMbAQHLhSchfEiykoX5ih5kxK6lAQ60pNYnQbypB+eQR06og65Z
gbiOItq/n1PDEX0V5gU1Ie9hOm4+FdWQP8ObtnpILx1mKs/z40SVeONQLyMjJlWh
Y1dscFXwbBx1KiKdAuyVMM4=
-----END PRIVATE KEY-----
`;
const privateKey = createPrivateKey(TEST_KEY_PEM);
const publicKey = createPublicKey(privateKey);
const API_V3_KEY = 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6';

describe('WeChat Pay API v3 signatures', () => {
  it('signs the request message METHOD\\nURL\\nTIMESTAMP\\nNONCE\\nBODY\\n (fixed vector)', () => {
    const body = '{"appid":"wxd930ea5d5a258f4f"}';
    const message = requestMessage('POST', '/v3/pay/transactions/jsapi', '1554208460', '593BEC0C930BF1AFEB40B4A08C8FB242', body);
    expect(message).toBe('POST\n/v3/pay/transactions/jsapi\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\n' + body + '\n');
    expect(rsaSign(message, privateKey)).toBe('mT5LEaL8KVsqTFKiH8ollVXpuiENhSkHt8aEZr2Es1id+PGcLkzJg/5OqNvrTVTZ3MAIg2s81OfnVj+MfI3IxNu1D7kmZwG30ymLuGl3o6E4u+Pk/dJ+Oh/71bXFDvHe4Px+W21u6k087ciiQHJLMNQznDFJ/MvrQMfWJtUD8j+K0fYXpwbVyjZ+0oEO46pyBJCXTZSKf07h8iL4Y6vIRaPCS6em4xaQHEVPMk4EUqbnS6fns/UQhX6HcSO7sSnF2P8e3CpatJyFR/jlxWbWi5odFgpLLocE8VfDT9Rkr+j2Z1aQC97a7z2JGKuxw/eWVHFJcMcfDIzofHXOIuJ8pw==');
    const header = authorization({ mchId: '1900000109', serialNo: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1', privateKey, method: 'POST', pathAndQuery: '/v3/pay/transactions/jsapi', body, timestamp: '1554208460', nonce: '593BEC0C930BF1AFEB40B4A08C8FB242' });
    expect(header).toBe('WECHATPAY2-SHA256-RSA2048 mchid="1900000109",nonce_str="593BEC0C930BF1AFEB40B4A08C8FB242",signature="mT5LEaL8KVsqTFKiH8ollVXpuiENhSkHt8aEZr2Es1id+PGcLkzJg/5OqNvrTVTZ3MAIg2s81OfnVj+MfI3IxNu1D7kmZwG30ymLuGl3o6E4u+Pk/dJ+Oh/71bXFDvHe4Px+W21u6k087ciiQHJLMNQznDFJ/MvrQMfWJtUD8j+K0fYXpwbVyjZ+0oEO46pyBJCXTZSKf07h8iL4Y6vIRaPCS6em4xaQHEVPMk4EUqbnS6fns/UQhX6HcSO7sSnF2P8e3CpatJyFR/jlxWbWi5odFgpLLocE8VfDT9Rkr+j2Z1aQC97a7z2JGKuxw/eWVHFJcMcfDIzofHXOIuJ8pw==",timestamp="1554208460",serial_no="5157F09EFDC096DE15EBE81A47057A7232F1B8E1"');
    expect(parseAuthorization(header)).toMatchObject({ mchid: '1900000109', timestamp: '1554208460', signature: 'mT5LEaL8KVsqTFKiH8ollVXpuiENhSkHt8aEZr2Es1id+PGcLkzJg/5OqNvrTVTZ3MAIg2s81OfnVj+MfI3IxNu1D7kmZwG30ymLuGl3o6E4u+Pk/dJ+Oh/71bXFDvHe4Px+W21u6k087ciiQHJLMNQznDFJ/MvrQMfWJtUD8j+K0fYXpwbVyjZ+0oEO46pyBJCXTZSKf07h8iL4Y6vIRaPCS6em4xaQHEVPMk4EUqbnS6fns/UQhX6HcSO7sSnF2P8e3CpatJyFR/jlxWbWi5odFgpLLocE8VfDT9Rkr+j2Z1aQC97a7z2JGKuxw/eWVHFJcMcfDIzofHXOIuJ8pw==' });
  });

  it('signs JSAPI pay parameters over appId, timeStamp, nonceStr, package (fixed vector)', () => {
    const p = jsapiParams('wxd930ea5d5a258f4f', 'wx201410272009395522657a690389285100', privateKey, '1554208460', '593BEC0C930BF1AFEB40B4A08C8FB242');
    expect(p).toEqual({ appId: 'wxd930ea5d5a258f4f', timeStamp: '1554208460', nonceStr: '593BEC0C930BF1AFEB40B4A08C8FB242', package: 'prepay_id=wx201410272009395522657a690389285100', signType: 'RSA', paySign: 'emZUveBxtLRGZdTFafs3bnrGYSD2f0xL/aUTPFsrt+BNdy8pSyPypN7ZkDJL7xlMmYUlJz4D2P98UOBsySLP7eeUmdkncdrB+iYD+Nbna88wy93+So2zuQswTfgGTOV9Wy47Qp3z4l5tGxkOwqHA5UTAfeYuIw5IqBBR0pu5ftzEYBNyP5VyEhy3U2Wtgd7ZidPXIBCIPXZOWasyGv3hS0DB8aZRTm+0HpJAwJRBKcF9PfYd1AAUVfBV4Db3FM/DMyk2C3SuswhU4txwyiCmLctk80d7RFjgaV6IGjP8zzLazfYO2RrXSsCnVCK1SzQzcHbj/4Q7nxN/LkpHNrUttA==' });
  });

  it('verifies answers and notices: key id, timestamp within 5 minutes, the exact body', () => {
    const body = '{"id":"EV-1"}';
    const at = 1_700_000_000;
    const h = { timestamp: String(at), nonce: 'n1', serial: 'PUB_KEY_ID_1', signature: rsaSign(responseMessage(String(at), 'n1', body), privateKey) };
    const trust = { publicKeyId: 'PUB_KEY_ID_1', publicKey };
    expect(verifySigned(h, body, trust, at * 1000)).toBe(true);
    expect(verifySigned(h, body + ' ', trust, at * 1000)).toBe(false);
    expect(verifySigned({ ...h, serial: 'PUB_KEY_ID_2' }, body, trust, at * 1000)).toBe(false);
    expect(verifySigned(h, body, trust, (at + 301) * 1000)).toBe(false);
    expect(verifySigned(h, body, trust, (at - 301) * 1000)).toBe(false);
    expect(verifySigned({ ...h, signature: 'WECHATPAY/SIGNTEST/' + h.signature }, body, trust, at * 1000)).toBe(false);
    expect(verifySigned(null, body, trust, at * 1000)).toBe(false);
  });
});

describe('notice resources (AEAD_AES_256_GCM with the API v3 key)', () => {
  const fixed = { algorithm: 'AEAD_AES_256_GCM', nonce: 'fixedNonce12', associated_data: 'transaction', ciphertext: 'Vn9aqwW0bF797e1dyrcSbZtE5K4KuwRN+UIrsqmLS5a83pt1dX0LgdaoKxycm+MGLw5zq/XG+xll/29MluJeE9fEtruj/kMMFvY6fuWgT81ZWPNI' };

  it('decrypts a fixed ciphertext', () => {
    expect(JSON.parse(decryptResource(fixed, API_V3_KEY))).toEqual({ out_trade_no: 'T1', trade_state: 'SUCCESS', amount: { total: 100 } });
    expect(encryptResource(decryptResource(fixed, API_V3_KEY), API_V3_KEY, 'transaction', 'fixedNonce12')).toEqual(fixed);
  });

  it('refuses a changed ciphertext, associated data, or another key', () => {
    const flipped = Buffer.from(fixed.ciphertext, 'base64');
    flipped[3] = flipped[3]! ^ 1;
    expect(() => decryptResource({ ...fixed, ciphertext: flipped.toString('base64') }, API_V3_KEY)).toThrow();
    expect(() => decryptResource({ ...fixed, associated_data: 'refund' }, API_V3_KEY)).toThrow();
    expect(() => decryptResource(fixed, API_V3_KEY.replace('a', 'b'))).toThrow();
    expect(() => decryptResource({ ...fixed, algorithm: 'AES_128_CBC' }, API_V3_KEY)).toThrow();
  });
});

describe('the trade bill', () => {
  it('reads payments and refunds in fen, without floating point, up to the summary', () => {
    const csv = [
      '交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,手续费,费率,订单金额,申请退款金额,费率备注',
      '`2026-11-26 10:00:00,`wx1,`19,`0,`,`4200,`A1,`o,`JSAPI,`SUCCESS,`CFT,`CNY,`0.29,`0.00,`0,`0,`0.00,`0.00,`,`,`x,`,`0.00,`0.60%,`0.29,`0.00,`',
      '`2026-11-26 11:00:00,`wx1,`19,`0,`,`4200,`A1,`o,`JSAPI,`REFUND,`CFT,`CNY,`0.00,`0.00,`503,`A1R,`0.1,`0.00,`ORIGINAL,`SUCCESS,`x,`,`0.00,`0.60%,`0.29,`0.10,`',
      '总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额',
      '`2,`0.29,`0.10,`0.00,`0.00,`0.29,`0.10',
    ].join('\r\n');
    const bill = parseTradeBill(csv);
    expect([...bill.payments]).toEqual([['A1', 29]]);
    expect([...bill.refunds]).toEqual([['A1R', { orderNo: 'A1', amountFen: 10 }]]);
    expect(fenOf('1234.56')).toBe(123456);
    expect(() => fenOf('1.2.3')).toThrow();
  });
});
