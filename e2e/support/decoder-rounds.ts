// Runs in the browser (bench scanner-small bundles it with esbuild): the scanner's own decoder
// loop on the fake camera, with its looks or the 480-px-only ones it replaced.
import { decodeFrames, decodeLooks, startCamera } from '../../apps/web/src/features/gate/lib/qr-camera';

export interface DecoderRound {
  frames: number;
  reads: number;
  /** From the decoder's start to its first code; null: none in the round. */
  firstReadMs: number | null;
  /** Decoding time per frame, sorted (ms). */
  frameMs: number[];
  /** The camera's frame, as the decoder got it. */
  size: string;
}

/** The 480-px whole frame alone: the decoder before 2026-11-27. */
const smallOnly: typeof decodeLooks = (width, height, frame) => [decodeLooks(width, height, frame)[0], null];

async function decoderRound(strategy: 'new' | 'old', ms: number): Promise<DecoderRound> {
  const video = document.createElement('video');
  document.body.append(video);
  const stopCamera = await startCamera(video);
  const round: DecoderRound = { frames: 0, reads: 0, firstReadMs: null, frameMs: [], size: `${video.videoWidth}×${video.videoHeight}` };
  const started = performance.now();
  const stop = decodeFrames(video, () => undefined, {
    looks: strategy === 'new' ? decodeLooks : smallOnly,
    onFrame: (took, found) => {
      round.frames++;
      round.frameMs.push(took);
      if (!found) return;
      round.reads++;
      round.firstReadMs ??= performance.now() - started;
    },
  });
  await new Promise((resolve) => setTimeout(resolve, ms));
  stop();
  stopCamera();
  video.remove();
  round.frameMs.sort((a, b) => a - b);
  return round;
}

Object.assign(window, { decoderRound });
