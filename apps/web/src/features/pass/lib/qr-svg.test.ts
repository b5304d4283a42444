import { describe, expect, it } from 'vitest';
import { darkRuns, qrDataUrl } from './qr-svg';

describe('QR image', () => {
  it('draws one run per stretch of dark modules, offset by the quiet zone', () => {
    const dark = new Set(['0,0', '0,1', '0,3', '2,2']);
    expect(darkRuns(4, (r, c) => dark.has(`${r},${c}`))).toBe('M2 2h2v1h-2zM5 2h1v1h-1zM4 4h1v1h-1z');
  });

  it('is an SVG data URL the CSP allows, with the finder pattern of a real code', () => {
    const url = qrDataUrl('http://127.0.0.1/xxdetail?poiId=DEMO000001&openId=o1&code=abc&pass=1');
    expect(url.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    const svg = decodeURIComponent(url.slice(url.indexOf(',') + 1));
    // Row 0 of every QR code starts with the 7-module top-left finder.
    expect(svg).toContain('M2 2h7v1h-7z');
    expect(svg).toMatch(/viewBox="0 0 (\d+) \1"/);
  });

  it('encodes different text differently', () => {
    expect(qrDataUrl('a')).not.toBe(qrDataUrl('b'));
  });
});
