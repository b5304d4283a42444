import type { QrJob } from './qr-worker';
import { qrDataUrl, type QrLevel } from './qr-svg';

/**
 * Draws a QR code (an SVG data URL) in a worker. Choosing the mask by penalty, as the standard
 * asks, is the heaviest work on the pass page: on a slow phone's first, cold run about 150 ms of
 * the page's only thread (a trace at 4× CPU slowdown), time in which a tap on the page would wait.
 * Where a worker cannot start (an old WebView) or fails, the page draws it itself.
 */
let worker: Worker | null | undefined;
let nextId = 0;
const waiting = new Map<number, (url: string) => void>();

function startWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  try {
    const w = new Worker(new URL('./qr-worker.ts', import.meta.url), { type: 'module', name: 'qr' });
    w.onmessage = (e: MessageEvent<{ id: number; url: string }>) => {
      waiting.get(e.data.id)?.(e.data.url);
      waiting.delete(e.data.id);
    };
    w.onerror = () => {
      // Not loaded (offline before it was ever kept) or broken: what it still owes, drawn here.
      worker = null;
      w.terminate();
      for (const finish of waiting.values()) finish('');
      waiting.clear();
    };
    return w;
  } catch {
    return null;
  }
}

/** Starts the worker (its file is fetched then), if it is not running yet. */
export function startQrDrawing(): void {
  if (worker === undefined) worker = startWorker();
}

export function drawQr(text: string, level: QrLevel, colour: string): Promise<string> {
  startQrDrawing();
  const w = worker;
  if (!w) return Promise.resolve(qrDataUrl(text, level, colour));
  const id = nextId++;
  const job: QrJob = { id, text, level, colour };
  return new Promise<string>((resolve) => {
    waiting.set(id, (url) => resolve(url || qrDataUrl(text, level, colour)));
    w.postMessage(job);
  });
}
