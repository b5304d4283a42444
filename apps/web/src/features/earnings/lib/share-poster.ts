import { QUIET_ZONE, type QrMatrix } from '../../manage';

/** 1080 × 1440: a phone-screen poster for WeChat moments and groups (the gate posters are A4 for print). */
const WIDTH = 1080;
const HEIGHT = 1440;
const FONT = '"PingFang SC", "Noto Sans CJK SC", "Microsoft YaHei", sans-serif';
const TONE = '#15803d';

/**
 * The 团长's share poster as a PNG, drawn on a canvas as the gate posters are
 * (manage/lib/poster-png.ts): the leader's name, what to do, and a big QR of the link that
 * credits them.
 */
export function drawSharePoster({ leader, pickupPoint, title, matrix }: { leader: string; pickupPoint: string; title: string; matrix: QrMatrix }): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.reject(new Error('canvas unavailable'));
  const centre = WIDTH / 2;
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, WIDTH, HEIGHT);
  ctx.fillStyle = TONE;
  ctx.fillRect(0, 0, WIDTH, 260);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = '#fff';
  const fit = (text: string, weight: number, size: number) => {
    let px = size;
    ctx.font = `${weight} ${px}px ${FONT}`;
    while (px > 24 && ctx.measureText(text).width > WIDTH - 140) ctx.font = `${weight} ${(px -= 4)}px ${FONT}`;
  };
  fit(title, 700, 72);
  ctx.fillText(title, centre, 110);
  ctx.font = `400 38px ${FONT}`;
  ctx.fillText(`团长 ${leader} 邀您一起拼团`, centre, 200);

  const modules = matrix.size + QUIET_ZONE * 2;
  const unit = Math.floor(700 / modules);
  const side = unit * modules;
  const left = Math.round(centre - side / 2);
  const top = 340;
  ctx.strokeStyle = TONE;
  ctx.lineWidth = 8;
  ctx.strokeRect(left - 16, top - 16, side + 32, side + 32);
  ctx.fillStyle = '#111827';
  for (let row = 0; row < matrix.size; row++) {
    for (let col = 0; col < matrix.size; col++) {
      if (matrix.isDark(row, col)) ctx.fillRect(left + (col + QUIET_ZONE) * unit, top + (row + QUIET_ZONE) * unit, unit, unit);
    }
  }
  const below = top + side + 110;
  ctx.fillStyle = '#1f2937';
  ctx.font = `500 44px ${FONT}`;
  ctx.fillText('微信扫码，查看今日团购', centre, below);
  ctx.fillStyle = '#6b7280';
  ctx.font = `400 34px ${FONT}`;
  fit(`提货点：${pickupPoint}`, 400, 34);
  ctx.fillStyle = '#6b7280';
  ctx.fillText(`提货点：${pickupPoint}`, centre, below + 70);
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('poster failed'))), 'image/png'));
}
