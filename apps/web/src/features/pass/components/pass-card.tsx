import { Link } from 'react-router';
import type { PassView } from '@sq/contract/pass/pass-view';
import { CODE_STEP_SECONDS } from '@sq/contract/pass/code-steps';
import { WebRoute } from '@sq/contract/routes';
import { directionLabel, type PassDisplay } from '../lib/pass-display';
import type { RotatingQr } from '../lib/rotating-qr';
import { formatUnix } from '../lib/time-format';
import { useSecondValue } from '../../../lib/use-second';
import { LiveClock } from './live-clock';
import { QrImage, QrSquare } from './qr-image';

export interface Scan {
  pass: number;
  at: number | null;
}

interface Props {
  view: PassView;
  display: PassDisplay;
  /** The code on screen now (made on the phone); null while there is none to show. */
  rotating: RotatingQr | null;
  scan: Scan | null;
  offline: boolean;
  /** When the shown pass was fetched, if it comes from the phone's copy. */
  savedAt: number | null;
  onRefresh: () => void;
  refreshing: boolean;
}

/** Darker than the band so scanners read it easily, still in the pass's colour like a 健康码. */
const QR_COLOUR = { normal: '#166534', visitor: '#1e3a8a', pending: '#111827', expired: '#374151' } as const;

/** The pass itself: clock, status, QR with the name, or the pending / expired / scanned state. */
export function PassCard({ view, display, rotating, scan, offline, savedAt, onRefresh, refreshing }: Props) {
  const shown = rotating && rotating.kind !== 'outOfTime' ? rotating : null;
  const ownView = `${WebRoute.registrationDetail}?poiId=${encodeURIComponent(view.poiId)}&openId=${encodeURIComponent(view.openId)}&type=user`;
  return (
    <>
      <section className="pass-card pass-main" aria-label="通行证">
        {offline && (
          <p className="pass-offline" role="status">
            <span className="pass-offline-tag">离线</span>
            {savedAt ? `网络不可用，显示 ${formatUnix(Math.floor(savedAt / 1000)).slice(5)} 获取的通行证` : '网络不稳定，正在重试…'}
          </p>
        )}
        <LiveClock />

        {scan ? (
          <ScanResult scan={scan} visitor={view.owner === '访客'} onRefresh={onRefresh} refreshing={refreshing} />
        ) : display.showQr && rotating?.kind === 'outOfTime' ? (
          <div className="pass-state">
            <p className="pass-state-word">请联网刷新</p>
            <p className="pass-state-text">{view.name}，通行证离线太久，二维码已停止更新，请连接网络后刷新</p>
            <button type="button" className="pass-button pass-button-primary" onClick={onRefresh} disabled={refreshing}>
              {refreshing ? '正在刷新…' : '刷新通行证'}
            </button>
          </div>
        ) : display.showQr ? (
          <>
            <p className="pass-status">
              <span className="pass-status-pill">{display.status}</span>
            </p>
            <figure className="pass-qr">
              {/* Until the code maker has loaded (a moment, on a slow network longer), its square is
                  kept, so that nothing below jumps when the code arrives. */}
              {shown ? (
                <QrImage className="pass-qr-image" value={shown.qr} alt="通行证二维码" colour={QR_COLOUR[display.tone]} size={232} />
              ) : (
                <QrSquare className="pass-qr-image" />
              )}
              <figcaption className="pass-name">{view.name}</figcaption>
            </figure>
            {shown?.kind === 'code' ? <Countdown step={shown.step} offsetMs={shown.offsetMs} /> : !shown && Boolean(view.codeKey) && <Countdown step={0} offsetMs={0} hidden />}
            {display.validUntil && <p className="pass-valid">有效期至 {display.validUntil}</p>}
            <p className="pass-prompt">请向管理员出示此通行证</p>
          </>
        ) : display.tone === 'pending' ? (
          <div className="pass-state">
            <p className="pass-state-word">待审核</p>
            <p className="pass-state-text">{view.name}，您的登记已提交，请等待社区工作人员审核</p>
            <button type="button" className="pass-button pass-button-primary" onClick={onRefresh} disabled={refreshing}>
              {refreshing ? '正在刷新…' : '刷新审核状态'}
            </button>
            <Link className="pass-button" to={ownView}>
              查看登记信息
            </Link>
          </div>
        ) : (
          <div className="pass-state">
            <p className="pass-state-word">{display.status === '已过期' ? '通行证已过期' : display.status}</p>
            <p className="pass-state-text">{view.name}，请重新申请通行证</p>
            {display.showReapply && (
              <Link className="pass-button pass-button-primary" to={ownView}>
                重新申请
              </Link>
            )}
          </div>
        )}
      </section>

      {display.showArea && (
        <section className="pass-card pass-area" aria-label="通行区域">
          <h2 className="pass-card-title">通行区域</h2>
          <dl>
            <div>
              <dt>社区</dt>
              <dd>{view.communityInfo.community}</dd>
            </div>
            <div>
              <dt>方向</dt>
              <dd>{directionLabel(view.pass)}</dd>
            </div>
            <div>
              <dt>身份</dt>
              <dd>{view.owner}</dd>
            </div>
          </dl>
        </section>
      )}
    </>
  );
}

/**
 * The code changes every step: the countdown shows it is alive, and when the next one comes. It
 * counts the seconds to the end of the shown code's step on the server's clock, by itself (the
 * page is not drawn again for it), and shows 0 for the moment the next code is being made.
 * Hidden: its place kept while the first code is made.
 */
function Countdown({ step, offsetMs, hidden = false }: { step: number; offsetMs: number; hidden?: boolean }) {
  const secondsLeft = useSecondValue((ms) => (hidden ? CODE_STEP_SECONDS : Math.min(CODE_STEP_SECONDS, Math.max(0, (step + 1) * CODE_STEP_SECONDS - Math.floor((ms + offsetMs) / 1000)))));
  const keep = hidden ? { style: { visibility: 'hidden' as const }, 'aria-hidden': true } : { 'data-testid': 'pass-countdown' };
  return (
    <p className="pass-rotate" {...keep}>
      <span className="pass-rotate-bar" aria-hidden="true">
        <span style={{ transform: `scaleX(${secondsLeft / CODE_STEP_SECONDS})` }} />
      </span>
      <span>
        二维码 <b>{secondsLeft}</b> 秒后自动更新
      </span>
    </p>
  );
}

function ScanResult({ scan, visitor, onRefresh, refreshing }: { scan: Scan; visitor: boolean; onRefresh: () => void; refreshing: boolean }) {
  // A visitor is not coming home: greet them as a guest (the pass omits 欢迎回家 for visitors too).
  const word = scan.pass === 2 ? '一路平安' : visitor ? '欢迎光临' : '欢迎回家';
  return (
    <div className="pass-scanned" data-testid="pass-scanned" role="status">
      <svg className="pass-scanned-icon" viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="12" cy="12" r="11" />
        <path d="M7 12.5l3.2 3.2L17 9" />
      </svg>
      <p className="pass-scanned-word">{word}</p>
      <p className="pass-scanned-detail">已核验 · {directionLabel(scan.pass)}</p>
      {scan.at && <p className="pass-scanned-time">{formatUnix(scan.at)}</p>}
      <button type="button" className="pass-button" onClick={onRefresh} disabled={refreshing}>
        刷新通行证
      </button>
    </div>
  );
}
