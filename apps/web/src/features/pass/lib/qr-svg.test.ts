import { describe, expect, it } from 'vitest';
import jsQR from 'jsqr';
import { darkRuns, qrDataUrl, qrModules, type QrLevel } from './qr-svg';

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

describe('QR codes read back by a decoder', () => {
  /** The code drawn as a scanner sees it: 4 px per module, a 4-module white border. */
  function decoded(text: string, level: QrLevel): string | undefined {
    const { size, isDark } = qrModules(text, level);
    const scale = 4;
    const side = (size + 8) * scale;
    const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
    for (let y = 0; y < side; y++) {
      for (let x = 0; x < side; x++) {
        const row = Math.floor(y / scale) - 4;
        const col = Math.floor(x / scale) - 4;
        if (row >= 0 && col >= 0 && row < size && col < size && isDark(row, col)) pixels.fill(0, (y * side + x) * 4, (y * side + x) * 4 + 3);
      }
    }
    return jsQR(pixels, side, side)?.data;
  }

  it.each(['M', 'Q'] as const)('decodes a pass address at level %s to the same text', (level) => {
    const address = 'https://sq.example.cn/xxdetail?poiId=B0FFG1234X&openId=u_SJTel8a_xllxwdV_&code=Jq3YgWm0dG2b-Ee5vA9zXw&pass=1';
    expect(decoded(address, level)).toBe(address);
  });

  it('decodes Chinese text', () => {
    expect(decoded('望京花园西区 出入通行证', 'M')).toBe('望京花园西区 出入通行证');
  });
});
