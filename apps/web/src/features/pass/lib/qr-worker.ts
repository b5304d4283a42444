/// <reference lib="webworker" />
import { qrDataUrl, type QrLevel } from './qr-svg';

/** A request of lib/draw-qr.ts: the code's text, drawn as an SVG data URL off the page's thread. */
export interface QrJob {
  id: number;
  text: string;
  level: QrLevel;
  colour: string;
}

self.onmessage = (e: MessageEvent<QrJob>) => {
  const { id, text, level, colour } = e.data;
  self.postMessage({ id, url: qrDataUrl(text, level, colour) });
};
