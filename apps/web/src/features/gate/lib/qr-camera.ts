import jsQR from 'jsqr';

/** The first look at each frame is at most this wide: a QR held 20–40 cm from the lens reads well and fast. */
const DECODE_WIDTH = 480;
/** The second look's whole frame, when the small one found nothing. */
const WIDE_WIDTH = 960;

/** Part of the video (source rectangle) drawn into a canvas of `width`×`height` for one decode. */
export interface DecodeLook {
  sx: number;
  sy: number;
  sw: number;
  sh: number;
  width: number;
  height: number;
}

/**
 * What to decode in a frame, in order, stopping at the first code. Always the whole frame at
 * 480 px (cheap, reads a QR held close); when that finds nothing, one more look, alternating
 * frame by frame: the centre square at full resolution (a phone at arm's length, in the frame the
 * screen draws) and the whole frame at 960 px (a QR ~20 % of the frame wide, off centre). At 1280×720 a pass QR
 * 15 % of the frame wide is ~3 camera pixels a module: 480 px leaves ~1, which jsQR cannot read
 * (bench scanner-small).
 */
export function decodeLooks(videoWidth: number, videoHeight: number, frame: number): [DecodeLook, DecodeLook | null] {
  const scaled = (width: number): DecodeLook => {
    const scale = Math.min(1, width / videoWidth);
    return { sx: 0, sy: 0, sw: videoWidth, sh: videoHeight, width: Math.round(videoWidth * scale), height: Math.round(videoHeight * scale) };
  };
  const small = scaled(DECODE_WIDTH);
  if (small.width === videoWidth) return [small, null];
  if (frame % 2 === 1) return [small, scaled(WIDE_WIDTH)];
  // The centre square half the frame's long side (capped by the short one), pixel for pixel.
  const side = Math.min(videoHeight, Math.max(DECODE_WIDTH, Math.round(Math.max(videoWidth, videoHeight) / 2)), videoWidth);
  const sx = Math.round((videoWidth - side) / 2);
  const sy = Math.round((videoHeight - side) / 2);
  return [small, { sx, sy, sw: side, sh: side, width: side, height: side }];
}

export type CameraProblem = 'denied' | 'missing' | 'unsupported' | 'failed';

/** The reason the camera cannot be used and what to do about it, in words for the duty staff. */
export const CAMERA_PROBLEM: Record<CameraProblem, string> = {
  denied: '未获得摄像头权限。扫码需要使用摄像头：请在浏览器弹出的提示中点“允许”，或到手机“设置 → 应用 → 浏览器（或微信）→ 权限”中打开“相机”，然后点“重试”。',
  missing: '没有找到可用的摄像头。请确认本机有摄像头，并在浏览器或手机设置中允许本页使用“相机”，然后点“重试”。',
  unsupported: '此浏览器不能在网页中使用摄像头，请用手机自带浏览器或微信打开本页。',
  failed: '摄像头启动失败。请关闭其他正在使用摄像头的应用，然后点“重试”。',
};

/** Opens the back camera into `video`; the stream's tracks stop with the returned function. */
export async function startCamera(video: HTMLVideoElement): Promise<() => void> {
  if (!navigator.mediaDevices?.getUserMedia) throw cameraError('unsupported');
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ audio: false, video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } } });
  } catch (e) {
    const name = (e as { name?: string }).name;
    throw cameraError(name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : name === 'NotFoundError' || name === 'OverconstrainedError' ? 'missing' : 'failed');
  }
  video.srcObject = stream;
  video.muted = true;
  video.playsInline = true;
  await video.play();
  return () => stream.getTracks().forEach((t) => t.stop());
}

function cameraError(problem: CameraProblem) {
  return Object.assign(new Error(CAMERA_PROBLEM[problem]), { problem });
}

export interface DecodeOptions {
  /** What to decode in each frame; the bench passes the 480-px-only looks as its baseline. */
  looks?: typeof decodeLooks;
  /** After each frame: the milliseconds its decoding took, and whether it found a code (bench scanner-small). */
  onFrame?: (ms: number, found: boolean) => void;
}

/**
 * Decodes every frame the camera delivers (requestVideoFrameCallback; animation frames where it
 * is missing) and calls `onCode` with the text and the time the frame was shown – the moment the
 * code appeared, for the verdict's latency. Returns the stop function.
 */
export function decodeFrames(video: HTMLVideoElement, onCode: (text: string, frameTime: number) => void, options: DecodeOptions = {}): () => void {
  const { looks = decodeLooks, onFrame } = options;
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  // Safari before 15.4 and some WebViews lack it: animation frames then.
  const perFrame = 'requestVideoFrameCallback' in video;
  let stopped = false;
  let handle = 0;
  const next = () => {
    if (stopped) return;
    handle = perFrame ? video.requestVideoFrameCallback(frame) : requestAnimationFrame(frame);
  };
  let count = 0;
  const look = (l: DecodeLook) => {
    if (canvas.width !== l.width || canvas.height !== l.height) Object.assign(canvas, { width: l.width, height: l.height });
    context!.drawImage(video, l.sx, l.sy, l.sw, l.sh, 0, 0, l.width, l.height);
    return jsQR(context!.getImageData(0, 0, l.width, l.height).data, l.width, l.height, { inversionAttempts: 'dontInvert' })?.data || null;
  };
  const frame = (now: number) => {
    if (context && video.videoWidth > 0) {
      const started = onFrame ? performance.now() : 0;
      const [small, second] = looks(video.videoWidth, video.videoHeight, count++);
      const found = look(small) ?? (second && look(second));
      onFrame?.(performance.now() - started, found !== null);
      if (found) onCode(found, now);
    }
    next();
  };
  next();
  return () => {
    stopped = true;
    if (perFrame) video.cancelVideoFrameCallback(handle);
    else cancelAnimationFrame(handle);
  };
}
