import type { CouponVerdictState } from '../lib/counter-offline';

/** Checked on the phone with no signal: said on the verdict, so the clerk knows it is sent later. */
const OfflineMark = ({ on }: { on?: boolean }) => (on ? <p className="gs-verdict-offline">离线核销 · 联网后自动上传</p> : null);

/** The counter's full-screen answer: green with the coupon's face, title and holder, or red with the reason. */
export function CouponVerdict({ state }: { state: CouponVerdictState }) {
  if (state.kind === 'no') {
    return (
      <div className="gs-verdict gs-verdict-no" role="alert" data-testid="coupon-verdict" data-verdict="no">
        <span className="gs-verdict-icon" aria-hidden="true">
          ✕
        </span>
        <p className="gs-verdict-word">不能核销</p>
        <p className="gs-verdict-text">{state.message}</p>
        <OfflineMark on={state.offline} />
      </div>
    );
  }
  return (
    <div className="gs-verdict gs-verdict-ok" role="alert" data-testid="coupon-verdict" data-verdict="ok">
      <span className="gs-verdict-icon" aria-hidden="true">
        ✓
      </span>
      <p className="gs-verdict-name">{state.face}</p>
      <p className="gs-verdict-text">{state.title}</p>
      <p className="gs-verdict-text">
        {state.holder.name} · {state.holder.mobile}
      </p>
      <p className="gs-verdict-text">{state.repeat ? '刚刚已核销，不重复计数' : '核销成功'}</p>
      <OfflineMark on={state.offline} />
    </div>
  );
}
