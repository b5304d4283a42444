import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { PassType } from '@sq/contract/pass/pass-type';
import { WebRoute } from '@sq/contract/routes';
import { beijingDateTime } from '@sq/contract/beijing-time';
import { ApiError, isClientError } from '../../../lib/api-error';
import { communityQuery } from '../../../lib/community-queries';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { checkAtGate } from '../api/gate-scan';
import { Verdict, type VerdictState } from '../components/verdict';
import { ScannerScreen, useContinuousScan } from '../components/scanner-shell';
import { checkOffline, rememberSpent, type SpentCodes } from '../lib/offline-check';
import type { StoredKit } from '../lib/offline-store';
import { refusalText } from '../lib/refusal';
import { passCodeIn } from '../lib/scanned-text';
import { useOfflineGate } from '../lib/use-offline-gate';
import { EventScannerPage } from './event-scanner-page';
import './gate-scanner-page.css';

const DIRECTION_WORD = { 1: '进门', 2: '出门' } as const;

/**
 * 连续扫码核验 (/gatescan?poiId=&state=1|2, not in the spec): the duty staff's rush-hour scanner.
 * The direction is chosen once; then the camera reads pass after pass, each answered with a
 * full-screen green or red verdict, a beep and a buzz, with no tap between people.
 */
export function GateScannerPage() {
  const [params] = useSearchParams();
  const event = params.get('event');
  // One scanner page for every code a counter scans (DESIGN.md §9): ?event= checks people in at an event's door.
  return event ? <EventScannerPage poiId={params.get('poiId') ?? ''} eventId={event} /> : <PassScannerPage />;
}

function PassScannerPage() {
  const [params, setParams] = useSearchParams();
  const poiId = params.get('poiId') ?? '';
  const preset = params.get('state') === '2' ? 2 : params.get('state') === '1' ? 1 : null;
  const [direction, setDirection] = useState<1 | 2 | null>(null);
  const community = useQuery({ ...communityQuery(poiId), enabled: poiId !== '' });
  const offline = useOfflineGate(poiId);
  useDocumentTitle(direction ? `${DIRECTION_WORD[direction]}核验` : '连续扫码核验');

  const start = (d: 1 | 2) => {
    setParams((p) => {
      p.set('state', String(d));
      return p;
    }, { replace: true });
    setDirection(d);
  };

  return (
    <main className="gs-screen">
      {direction ? (
        <Scanner poiId={poiId} direction={direction} offline={offline} onChangeDirection={() => setDirection(null)} />
      ) : (
        <section className="gs-chooser" aria-labelledby="gs-title">
          <Link className="gs-back" to={`${WebRoute.manageCentre}?poiId=${encodeURIComponent(poiId)}`} aria-label="返回">
            ‹ 返回
          </Link>
          <h1 id="gs-title">连续扫码核验</h1>
          <p className="gs-community">{community.data?.community ?? ''}</p>
          <p className="gs-explain">选择本岗的方向，然后将摄像头对准居民的通行证二维码：核验结果全屏显示并提示音，无需点按，下一位直接扫。</p>
          <div className="gs-directions">
            {([1, 2] as const).map((d) => (
              <button key={d} type="button" className={`gs-direction${preset === d ? ' gs-preset' : ''}`} onClick={() => start(d)} disabled={!poiId}>
                {DIRECTION_WORD[d]}核验
              </button>
            ))}
          </div>
          {!poiId && <p className="gs-problem">链接不完整，请从管理中心进入</p>}
          <KitStatus kit={offline.kit} pending={offline.pending} />
        </section>
      )}
    </main>
  );
}

/** What the scanner holds for a time with no signal: how many passes, as of when, and what waits to be sent. */
function KitStatus({ kit, pending }: { kit: StoredKit | null; pending: number }) {
  return (
    <span className="gs-kit" data-testid="gate-kit" data-version={kit?.version}>
      {/* The kit's version is for support, not for the guard: kept in an attribute. */}
      {kit ? `离线名单 ${kit.passes.length} 人 · 更新于 ${beijingDateTime(new Date(kit.serverTime)).slice(11)}` : '尚无离线名单：联网后自动获取'}
      {pending > 0 ? ` · 待上传 ${pending} 条` : ''}
    </span>
  );
}

function Scanner({ poiId, direction, offline, onChangeDirection }: { poiId: string; direction: 1 | 2; offline: ReturnType<typeof useOfflineGate>; onChangeDirection: () => void }) {
  // Stays after the verdict fades: staff glancing back see who was let through last.
  const [last, setLast] = useState<Extract<VerdictState, { kind: 'ok' }> | null>(null);
  const [passed, setPassed] = useState(0);
  const { kitRef, enqueue } = offline;

  const { video, problem, retry, verdict } = useContinuousScan<VerdictState>(
    `${poiId}|${direction}`,
    () => {
      // Per pass and direction, the last code let through here: an offline check refuses its window.
      const spent: SpentCodes = new Map();
      const check = (text: string): VerdictState | Promise<VerdictState> => {
        const code = passCodeIn(text);
        if (!code) return { kind: 'no', message: '这不是通行证二维码' };
        return checkAtGate(poiId, code, direction).then(
          (v): VerdictState => {
            if (!v.repeat) setPassed((n) => n + 1);
            rememberSpent(spent, code, Date.now());
            return { kind: 'ok', name: v.name, owner: v.owner, pass: v.pass, backDay: v.ptype === PassType.returned ? v.backDay : null };
          },
          (e: unknown): VerdictState => {
            const kit = kitRef.current;
            // No network (or the server is down): the phone decides with its kit, and the scan waits to be sent.
            if (isClientError(e) || !kit) return { kind: 'no', message: e instanceof ApiError ? e.message : '网络不可用，且尚无离线名单，无法核验' };
            const checked = checkOffline(kit, code, direction, Date.now(), spent);
            // A code still held in view is a repeat, as the server answers it: green, not counted or sent again.
            if (checked.verdict.kind === 'ok' && !checked.repeat) {
              setPassed((n) => n + 1);
              void enqueue({ poiId, code, pass: direction, at: checked.at, kit: kit.kitId });
            }
            return checked.verdict;
          },
        );
      };
      return async (text) => {
        const state = await check(text);
        return state.kind === 'no' ? { ...state, message: refusalText(state.message) } : state;
      };
    },
    'gate-verdict',
    (state) => state.kind === 'ok' && setLast(state),
  );

  return (
    <ScannerScreen
      video={video}
      problem={problem}
      onRetry={retry}
      title={`${DIRECTION_WORD[direction]}核验`}
      backLabel="换方向"
      onBack={onChangeDirection}
      count={
        <span className="gs-count" data-testid="gate-count">
          已通过 {passed} 人
        </span>
      }
      hint="请将通行证二维码对准框内"
      verdict={verdict && <Verdict state={verdict} direction={direction} />}
    >
      {last && (
        <span className="gs-last" data-testid="gate-last">
          上一位通过：{last.name}
          {last.offline ? ' · 离线' : ''}
        </span>
      )}
      <KitStatus kit={offline.kit} pending={offline.pending} />
    </ScannerScreen>
  );
}
