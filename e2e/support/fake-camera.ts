import fs from 'node:fs';
import { encode } from 'uqr';

/** Frame size and rate of the fake camera: small frames keep the files small and decoding cheap. */
export const CAMERA = { width: 320, height: 240, fps: 10 } as const;

export interface CameraScene {
  /** What the QR encodes; null: nothing in front of the lens. */
  text: string | null;
  frames: number;
  /** The QR's width, quiet zone included, as a share of the frame's width (a phone held far off); default: 95 % of the short side. */
  share?: number;
  /** Where the QR's left edge is, as a share of the frame's width (held off centre); default: centred. */
  left?: number;
}

export interface CameraSize {
  width: number;
  height: number;
  fps: number;
}

/**
 * Writes a Y4M video for Chromium's fake camera (`--use-file-for-fake-video-capture`): each scene
 * is a pass QR held in front of the lens (black on white, as a phone screen shows it) or an empty
 * grey view between two people. Chromium plays it in a loop.
 */
export function writeCameraVideo(file: string, scenes: CameraScene[], camera: CameraSize = CAMERA): void {
  const { width, height, fps } = camera;
  const out = fs.openSync(file, 'w');
  try {
    fs.writeSync(out, `YUV4MPEG2 W${width} H${height} F${fps}:1 Ip A1:1 C420jpeg\n`);
    const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
    for (const scene of scenes) {
      const luma = scene.text === null ? Buffer.alloc(width * height, 96) : qrLuma(scene.text, width, height, scene.share, scene.left);
      const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
      for (let i = 0; i < scene.frames; i++) fs.writeSync(out, frame);
    }
  } finally {
    fs.closeSync(out);
  }
}

function qrLuma(text: string, width: number, height: number, share?: number, leftShare?: number): Buffer {
  const qr = encode(text, { ecc: 'M', border: 4 });
  // A far-off QR covers a fractional number of camera pixels per module, as a real one does.
  const scale = share === undefined ? Math.floor((Math.min(width, height) * 0.95) / qr.size) : (width * share) / qr.size;
  const side = Math.floor(qr.size * scale);
  const left = leftShare === undefined ? Math.floor((width - side) / 2) : Math.floor(width * leftShare);
  const top = Math.floor((height - side) / 2);
  const luma = Buffer.alloc(width * height, 96);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      luma[(top + y) * width + left + x] = qr.data[Math.floor(y / scale)]![Math.floor(x / scale)] ? 16 : 235;
    }
  }
  return luma;
}
