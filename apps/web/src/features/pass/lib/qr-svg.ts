import { encode } from 'uqr';

/** How much of a code may be damaged and still read: L 7 %, M 15 %, Q 25 %, H 30 %. */
export type QrLevel = 'L' | 'M' | 'Q' | 'H';

/**
 * The modules of `text` as a QR code (ISO/IEC 18004, mask chosen by penalty), without a border:
 * `uqr` (unjs), which carries half the weight of `qrcode` on the pass page's first load.
 */
export function qrModules(text: string, level: QrLevel): { size: number; isDark: (row: number, col: number) => boolean } {
  const { size, data } = encode(text, { ecc: level, border: 0 });
  return { size, isDark: (row, col) => data[row]![col]! };
}

/** The codes' usual ink: near-black on white, as scanners read best. */
export const QR_INK = '#111827';

/** White border around the code, in modules: the QR standard asks for 4, scanners cope with 2. */
const QUIET_ZONE = 2;

/**
 * An SVG image of `text` as a QR code, as a `data:` URL (the CSP allows data: images). One path
 * of horizontal runs keeps it small and sharp at any size, and an <img> lets WeChat's long-press
 * save it like any picture.
 */
export function qrDataUrl(text: string, level: QrLevel = 'M', colour = QR_INK): string {
  const { size, isDark } = qrModules(text, level);
  const side = size + QUIET_ZONE * 2;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges">` +
    `<rect width="${side}" height="${side}" fill="#fff"/>` +
    `<path fill="${colour}" d="${darkRuns(size, isDark)}"/></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** Path commands for the dark modules, one `h` per horizontal run, offset by the quiet zone. */
export function darkRuns(size: number, isDark: (row: number, col: number) => boolean): string {
  let d = '';
  for (let row = 0; row < size; row++) {
    let col = 0;
    while (col < size) {
      if (!isDark(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < size && isDark(row, col)) col++;
      d += `M${start + QUIET_ZONE} ${row + QUIET_ZONE}h${col - start}v1h-${col - start}z`;
    }
  }
  return d;
}
