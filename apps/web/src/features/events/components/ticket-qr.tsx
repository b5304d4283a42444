import { useMemo } from 'react';
import { encode } from 'uqr';

/**
 * A sign-up's check-in code as a QR that staff scan at the door (the gate's scanner in its event
 * mode). Drawn as SVG squares from `uqr`, the encoder the pass page uses; margin of 2 modules.
 */
export function TicketQr({ code, size = 220 }: { code: string; size?: number }) {
  const { side, cells } = useMemo(() => {
    const { size: n, data } = encode(code, { ecc: 'M', border: 2 });
    const dark: string[] = [];
    data.forEach((row, y) => row.forEach((on, x) => on && dark.push(`M${x} ${y}h1v1h-1z`)));
    return { side: n, cells: dark.join('') };
  }, [code]);
  return (
    <svg className="ev-ticket-qr" role="img" aria-label="签到二维码" viewBox={`0 0 ${side} ${side}`} width={size} height={size} shapeRendering="crispEdges">
      <rect width={side} height={side} fill="#fff" />
      <path d={cells} fill="#111827" />
    </svg>
  );
}
