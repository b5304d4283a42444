import { encode } from 'uqr';

/** Modules of white border: the QR standard asks for 4, which printed posters can afford. */
export const QUIET_ZONE = 4;

export interface QrMatrix {
  size: number;
  isDark: (row: number, col: number) => boolean;
}

/**
 * The QR modules of `text`, at level Q: a gate poster gets rained on, scratched and photographed
 * at an angle, and Q still reads with a quarter of the code damaged.
 */
export function qrMatrix(text: string): QrMatrix {
  const { size, data } = encode(text, { ecc: 'Q', border: 0 });
  return { size, isDark: (row, col) => data[row]![col]! };
}

/** An SVG of the code as a data: URL (the CSP allows data: images), sharp at any print size. */
export function qrSvgUrl(matrix: QrMatrix): string {
  const side = matrix.size + QUIET_ZONE * 2;
  let path = '';
  for (let row = 0; row < matrix.size; row++) {
    for (let col = 0; col < matrix.size; col++) {
      if (!matrix.isDark(row, col)) continue;
      const start = col;
      while (col + 1 < matrix.size && matrix.isDark(row, col + 1)) col++;
      path += `M${start + QUIET_ZONE} ${row + QUIET_ZONE}h${col - start + 1}v1h-${col - start + 1}z`;
    }
  }
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges">` +
    `<rect width="${side}" height="${side}" fill="#fff"/><path fill="#111827" d="${path}"/></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
