import { describe, expect, it } from 'vitest';
import { QUIET_ZONE, qrMatrix, qrSvgUrl } from './qr-matrix';

describe('gate QR codes', () => {
  it('encode the text as a square of modules', () => {
    const matrix = qrMatrix('http://127.0.0.1:3000/pcheck?poiId=DEMO000001&state=1');
    expect(matrix.size).toBeGreaterThanOrEqual(21);
    expect((matrix.size - 17) % 4).toBe(0);
    // Finder patterns: the three corners start dark, the fourth does not follow that pattern.
    expect([matrix.isDark(0, 0), matrix.isDark(0, matrix.size - 1), matrix.isDark(matrix.size - 1, 0)]).toEqual([true, true, true]);
  });

  it('draws an SVG with a white quiet zone around one path of dark runs', () => {
    const matrix = qrMatrix('x');
    const svg = decodeURIComponent(qrSvgUrl(matrix).replace('data:image/svg+xml;charset=utf-8,', ''));
    const side = matrix.size + QUIET_ZONE * 2;
    expect(svg).toContain(`viewBox="0 0 ${side} ${side}"`);
    // The top-left finder's first row is a run of 7 dark modules starting after the quiet zone.
    expect(svg).toContain(`M${QUIET_ZONE} ${QUIET_ZONE}h7v1h-7z`);
  });
});
