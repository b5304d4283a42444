import { drawQr, fitText, type QrMatrix } from '../../manage';

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
  fitText(ctx, title, 700, 72, WIDTH - 140);
  ctx.fillText(title, centre, 110);
  ctx.font = `400 38px ${FONT}`;
  ctx.fillText(`团长 ${leader} 邀您一起拼团`, centre, 200);

  const top = 340;
  const side = drawQr(ctx, matrix, { centre, top, width: 700, tone: TONE });
  const below = top + side + 110;
  ctx.fillStyle = '#1f2937';
  ctx.font = `500 44px ${FONT}`;
  ctx.fillText('微信扫码，查看今日团购', centre, below);
  ctx.fillStyle = '#6b7280';
  fitText(ctx, `提货点：${pickupPoint}`, 400, 34, WIDTH - 140);
  ctx.fillText(`提货点：${pickupPoint}`, centre, below + 70);
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('poster failed'))), 'image/png'));
}
