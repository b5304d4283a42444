import type { EventVerdictState } from '../lib/event-offline';

/** Checked on the phone with no signal: said on the verdict, so staff know it is sent later. */
const OfflineMark = ({ on }: { on?: boolean }) => (on ? <p className="gs-verdict-offline">离线签到 · 联网后自动上传</p> : null);

/** The full-screen answer at an event's door: green with the name and companions, or red with the reason. */
export function EventVerdict({ state }: { state: EventVerdictState }) {
  if (state.kind === 'no') {
    return (
      <div className="gs-verdict gs-verdict-no" role="alert" data-testid="event-verdict" data-verdict="no">
        <span className="gs-verdict-icon" aria-hidden="true">
          ✕
        </span>
        <p className="gs-verdict-word">未签到</p>
        <p className="gs-verdict-text">{state.message}</p>
        <OfflineMark on={state.offline} />
      </div>
    );
  }
  return (
    <div className="gs-verdict gs-verdict-ok" role="alert" data-testid="event-verdict" data-verdict="ok">
      <span className="gs-verdict-icon" aria-hidden="true">
        ✓
      </span>
      <p className="gs-verdict-name">{state.name}</p>
      <p className="gs-verdict-text">{state.companions > 0 ? `同行 ${state.companions} 人` : '本人'}</p>
      <p className="gs-verdict-text">{state.repeat ? '已签到过，不重复计数' : '签到成功'}</p>
      {state.attended !== null && <p className="gs-verdict-text">已签到 {state.attended} 人</p>}
      <OfflineMark on={state.offline} />
    </div>
  );
}
