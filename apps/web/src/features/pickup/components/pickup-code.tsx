import { useEffect, useMemo, useState } from 'react';
import { CODE_STEP_SECONDS } from '@sq/contract/pass/code-steps';
import { holderCodeAt, type HolderKey } from '@sq/contract/codes/holder-code';
import { QrImage, QrSquare } from '../../pass';
import { myHolderKey } from '../../coupons';
import { useSecondValue } from '../../../lib/use-second';
import '../../../components/groupbuy-pages.css';

/**
 * An order's pickup code (OP1): a QR made on this phone with its own holder key, exactly as a
 * coupon's (codes/holder-code.ts), a new one every 30 s on the server-corrected clock, so a photo
 * of it stops working. The order detail page embeds it for a paid order. `offsetMs`: server time −
 * phone time, when the page knows it (0 otherwise: the one-step skew either way still holds).
 */
export function PickupCode({ orderId, offsetMs = 0, size = 240 }: { orderId: string; offsetMs?: number; size?: number }) {
  const [key, setKey] = useState<HolderKey | null | undefined>(undefined);
  useEffect(() => {
    void myHolderKey().then(setKey);
  }, []);
  const step = useSecondValue((ms) => Math.floor((ms + offsetMs) / 1000 / CODE_STEP_SECONDS));
  const left = useSecondValue((ms) => CODE_STEP_SECONDS - (Math.floor((ms + offsetMs) / 1000) % CODE_STEP_SECONDS));
  // Signed once a step, not every second the countdown ticks.
  const code = useMemo(() => (key ? holderCodeAt(key, 'order', orderId, step * CODE_STEP_SECONDS * 1000).code : null), [key, orderId, step]);
  return (
    <div className="pk-code" data-testid="pickup-code" data-code={code ?? ''}>
      {code ? <QrImage value={code} alt="提货码" size={size} /> : <QrSquare size={size} />}
      {key === null && <p className="pk-problem">首次出示需要联网：请连上网络后重新打开</p>}
      <p className="pk-hint">
        请向团长或店员出示此码提货 · 每 {CODE_STEP_SECONDS} 秒自动更新（{left} 秒）
      </p>
    </div>
  );
}
