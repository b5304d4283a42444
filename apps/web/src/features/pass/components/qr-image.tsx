import { useMemo } from 'react';
import { qrDataUrl } from '../lib/qr-svg';

interface Props {
  value: string;
  alt: string;
  colour?: string;
  size?: number;
  className?: string;
}

/** A QR code drawn in the browser (no image request, works offline), sized in CSS pixels. */
export function QrImage({ value, alt, colour, size = 220, className }: Props) {
  const src = useMemo(() => qrDataUrl(value, 'M', colour), [value, colour]);
  return <img className={className} src={src} alt={alt} width={size} height={size} data-value={value} draggable={false} />;
}
