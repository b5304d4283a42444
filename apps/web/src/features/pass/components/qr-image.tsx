import { useEffect, useState } from 'react';
import { drawQr } from '../lib/draw-qr';
import { QR_INK } from '../lib/qr-svg';
import './qr-image.css';

interface Props {
  value: string;
  alt: string;
  colour?: string;
  size?: number;
  className?: string;
}

/**
 * A QR code drawn in the browser (no image request, works offline), sized in CSS pixels. It is
 * drawn off the page's thread (lib/draw-qr.ts): the page paints first with an empty square of the
 * same size, and a new code replaces the old one when it is ready, the countdown ticking meanwhile.
 */
export function QrImage({ value, alt, colour = QR_INK, size = 220, className }: Props) {
  const [drawn, setDrawn] = useState<{ value: string; src: string } | null>(null);
  useEffect(() => {
    let live = true;
    void drawQr(value, 'M', colour).then((src) => live && setDrawn({ value, src }));
    return () => {
      live = false;
    };
  }, [value, colour]);
  if (!drawn) return <QrSquare className={className} size={size} />;
  return <img className={className} src={drawn.src} alt={alt} width={size} height={size} data-value={drawn.value} draggable={false} />;
}

/**
 * The empty square a code will fill: the class sizes it like the image (every caller's does). Not
 * named like the code, so that nothing (a screen reader, a test, a scanner's helper) takes the
 * square for the code. A phone slow enough to keep it empty for more than a moment says what is
 * happening inside it (qr-image.css delays the words, so a quick draw shows no flash of text).
 */
export function QrSquare({ className, size = 220 }: { className?: string; size?: number }) {
  const square = className ? undefined : { display: 'inline-block', width: size, height: size };
  return (
    <span className={className ? `qr-square ${className}` : 'qr-square'} style={square} role="img" aria-label="正在生成二维码" aria-busy="true">
      <span className="qr-square-words" aria-hidden="true">
        二维码生成中…
      </span>
    </span>
  );
}
