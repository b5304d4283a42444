import { describe, expect, it } from 'vitest';
import { gateUrl, posterFileName } from './gate-url';

describe('gate QR codes', () => {
  it('point at the pass page with the community and the direction', () => {
    expect(gateUrl('https://sq.example.cn', 'DEMO000001', 1)).toBe('https://sq.example.cn/pcheck?poiId=DEMO000001&state=1');
    expect(gateUrl('http://127.0.0.1:3000/', 'B0FFG&x', 2)).toBe('http://127.0.0.1:3000/pcheck?poiId=B0FFG%26x&state=2');
  });

  it('name the downloaded poster after the community and direction, without reserved signs', () => {
    expect(posterFileName('望京花园西区', 1)).toBe('望京花园西区-进门二维码.png');
    expect(posterFileName('A/B 小区', 2)).toBe('AB小区-出门二维码.png');
    expect(posterFileName('///', 2)).toBe('小区-出门二维码.png');
  });
});
