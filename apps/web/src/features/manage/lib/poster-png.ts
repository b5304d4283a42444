import { GATE_LABEL, type GateDirection } from './gate-url';
import { QUIET_ZONE, type QrMatrix } from './qr-matrix';

/** A4 at 150 dpi: sharp when printed from a phone's gallery, small enough to send by WeChat. */
const WIDTH = 1240;
const HEIGHT = 1754;
const FONT = '"PingFang SC", "Noto Sans CJK SC", "Microsoft YaHei", sans-serif';
const TONE: Record<GateDirection, string> = { 1: '#16a34a', 2: '#ea580c' };

export interface PosterContent {
  community: string;
  address: string;
  direction: GateDirection;
  matrix: QrMatrix;
}

/** Shrinks a line's font until it fits the width (long community names). */
export function fitText(ctx: CanvasRenderingContext2D, text: string, weight: number, size: number, maxWidth: number): void {
  let px = size;
  ctx.font = `${weight} ${px}px ${FONT}`;
  while (px > 24 && ctx.measureText(text).width > maxWidth) {
    px -= 4;
    ctx.font = `${weight} ${px}px ${FONT}`;
  }
}

/**
 * A QR code on a poster: its quiet zone included, in whole pixels per module so scanners see crisp
 * edges, framed in `tone`, centred at `centre` from `top`, at most `width` wide. Answers its side.
 */
export function drawQr(ctx: CanvasRenderingContext2D, matrix: QrMatrix, at: { centre: number; top: number; width: number; tone: string }): number {
  const modules = matrix.size + QUIET_ZONE * 2;
  const unit = Math.floor(at.width / modules);
  const side = unit * modules;
  const left = Math.round(at.centre - side / 2);
  ctx.strokeStyle = at.tone;
  ctx.lineWidth = 8;
  ctx.strokeRect(left - 16, at.top - 16, side + 32, side + 32);
  ctx.fillStyle = '#111827';
  for (let row = 0; row < matrix.size; row++) {
    for (let col = 0; col < matrix.size; col++) {
      if (matrix.isDark(row, col)) ctx.fillRect(left + (col + QUIET_ZONE) * unit, at.top + (row + QUIET_ZONE) * unit, unit, unit);
    }
  }
  return side;
}

/**
 * The gate poster as a PNG: community, 扫码进门/扫码出门, a big QR and how to use it. Drawn on a
 * canvas in the browser, so it works offline and the file is what the print layout shows.
 */
export function drawPoster({ community, address, direction, matrix }: PosterContent): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.reject(new Error('canvas unavailable'));
  const tone = TONE[direction];
  const centre = WIDTH / 2;

  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, WIDTH, HEIGHT);
  ctx.fillStyle = tone;
  ctx.fillRect(0, 0, WIDTH, 300);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';

  ctx.fillStyle = '#fff';
  fitText(ctx, community, 700, 76, WIDTH - 160);
  ctx.fillText(community, centre, 130);
  ctx.font = `400 40px ${FONT}`;
  ctx.fillText('社区出入通行证', centre, 220);

  ctx.fillStyle = tone;
  ctx.font = `700 128px ${FONT}`;
  ctx.fillText(GATE_LABEL[direction].action, centre, 415);

  const top = 580;
  const side = drawQr(ctx, matrix, { centre, top, width: 820, tone });

  const below = top + side + 110;
  ctx.fillStyle = '#1f2937';
  ctx.font = `500 46px ${FONT}`;
  ctx.fillText('微信或浏览器扫码，出示通行证', centre, below);
  ctx.fillStyle = '#6b7280';
  ctx.font = `400 34px ${FONT}`;
  ctx.fillText('首次使用请先登记，审核通过后即可通行', centre, below + 70);
  if (address) {
    fitText(ctx, address, 400, 28, WIDTH - 160);
    ctx.fillText(address, centre, HEIGHT - 70);
  }

  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('canvas export failed'))), 'image/png'),
  );
}

/** Saves a file through a temporary link (blob: URLs keep the CSP and need no server round trip). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The click starts the download asynchronously; the URL must outlive it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
