import jsQR from 'jsqr';

/** Frames are decoded at this width at most: a QR held 20–40 cm from the lens reads well and fast. */
const DECODE_WIDTH = 480;

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

/**
 * Decodes every frame the camera delivers (requestVideoFrameCallback; animation frames where it
 * is missing) and calls `onCode` with the text and the time the frame was shown – the moment the
 * code appeared, for the verdict's latency. Returns the stop function.
 */
export function decodeFrames(video: HTMLVideoElement, onCode: (text: string, frameTime: number) => void): () => void {
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
  const frame = (now: number) => {
    if (context && video.videoWidth > 0) {
      const scale = Math.min(1, DECODE_WIDTH / video.videoWidth);
      const width = Math.round(video.videoWidth * scale);
      const height = Math.round(video.videoHeight * scale);
      if (canvas.width !== width || canvas.height !== height) Object.assign(canvas, { width, height });
      context.drawImage(video, 0, 0, width, height);
      const found = jsQR(context.getImageData(0, 0, width, height).data, width, height, { inversionAttempts: 'dontInvert' });
      if (found?.data) onCode(found.data, now);
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
