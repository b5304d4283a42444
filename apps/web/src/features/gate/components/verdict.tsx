export type VerdictState =
  | { kind: 'ok'; name: string; owner: string; pass: number; backDay: number | null; offline?: boolean }
  | { kind: 'no'; message: string; offline?: boolean };

/** Checked on the phone with no signal: said on the verdict, so staff know it is sent later. */
const OfflineMark = ({ on }: { on?: boolean }) => (on ? <p className="gs-verdict-offline">离线核验 · 联网后自动上传</p> : null);

/** The full-screen answer: green with the name and greeting, or red with the reason. */
export function Verdict({ state, direction }: { state: VerdictState; direction: 1 | 2 }) {
  if (state.kind === 'no') {
    return (
      <div className="gs-verdict gs-verdict-no" role="alert" data-testid="gate-verdict" data-verdict="no">
        <span className="gs-verdict-icon" aria-hidden="true">
          ✕
        </span>
        <p className="gs-verdict-word">请停步</p>
        <p className="gs-verdict-text">{state.message}</p>
        <OfflineMark on={state.offline} />
      </div>
    );
  }
  const greeting = direction === 2 ? '一路平安' : state.owner === '访客' ? '欢迎光临' : '欢迎回家';
  return (
    <div className="gs-verdict gs-verdict-ok" role="alert" data-testid="gate-verdict" data-verdict="ok">
      <span className="gs-verdict-icon" aria-hidden="true">
        ✓
      </span>
      <p className="gs-verdict-name">{state.name}</p>
      <p className="gs-verdict-text">
        {state.owner} · {greeting}
      </p>
      {state.backDay !== null && <p className="gs-verdict-warn">返京第 {state.backDay} 天，请留意核查</p>}
      <OfflineMark on={state.offline} />
    </div>
  );
}
