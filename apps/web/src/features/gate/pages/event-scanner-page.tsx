import { useState } from 'react';
import { Link } from 'react-router';
import { beijingDateTime } from '@sq/contract/beijing-time';
import { checkInCall } from '@sq/contract/events/calls';
import { WebRoute } from '@sq/contract/routes';
import { callApi } from '../../../lib/api-client';
import { ApiError, isClientError } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ScannerScreen, useContinuousScan } from '../components/scanner-shell';
import './gate-scanner-page.css';
import { EventVerdict } from '../components/event-verdict';
import { checkEventOffline, type EventVerdictState, type StoredEventKit } from '../lib/event-offline';
import { eventCodeIn, isDoorUrl } from '../lib/event-scan';
import { useOfflineEvent } from '../lib/use-offline-event';


/**
 * 活动签到 (/gatescan?poiId=&event=): the gate's scanner in its event mode – the same camera page,
 * the same offline queue; the codes are sign-ups' check-in codes, the verdict names the person
 * and their companions and counts who is in.
 */
export function EventScannerPage({ poiId, eventId }: { poiId: string; eventId: string }) {
  const offline = useOfflineEvent(poiId, eventId);
  const [scanning, setScanning] = useState(false);
  useDocumentTitle('活动签到');
  const title = offline.kit?.title ?? '';
  return (
    <main className="gs-screen">
      {scanning ? (
        <EventScanner poiId={poiId} eventId={eventId} offline={offline} onStop={() => setScanning(false)} />
      ) : (
        <section className="gs-chooser" aria-labelledby="gs-title">
          <Link className="gs-back" to={`${WebRoute.eventManage}?id=${encodeURIComponent(eventId)}`} aria-label="返回">
            ‹ 返回
          </Link>
          <h1 id="gs-title">活动签到</h1>
          <p className="gs-community">{title}</p>
          <p className="gs-explain">将摄像头对准报名居民的签到二维码：结果全屏显示并提示音，无需点按，下一位直接扫。断网时按离线名单签到，联网后自动上传。</p>
          <div className="gs-directions">
            <button type="button" className="gs-direction" onClick={() => setScanning(true)}>
              开始签到
            </button>
          </div>
          {offline.kitError && <p className="gs-problem">{offline.kitError}</p>}
          <EventKitStatus kit={offline.kit} pending={offline.pending} />
        </section>
      )}
    </main>
  );
}

function EventKitStatus({ kit, pending }: { kit: StoredEventKit | null; pending: number }) {
  return (
    <span className="gs-kit" data-testid="event-kit">
      {kit ? `离线名单 ${kit.tickets.length} 人 · 更新于 ${beijingDateTime(new Date(kit.serverTime)).slice(11)}` : '尚无离线名单：联网后自动获取'}
      {pending > 0 ? ` · 待上传 ${pending} 条` : ''}
    </span>
  );
}

function EventScanner({ poiId, eventId, offline, onStop }: { poiId: string; eventId: string; offline: ReturnType<typeof useOfflineEvent>; onStop: () => void }) {
  const { kitRef, enqueue, setAttended } = offline;
  const attended = offline.attended ?? null;

  const { video, problem, retry, verdict } = useContinuousScan<EventVerdictState>(
    `${poiId}|${eventId}`,
    () => {
      // Sign-ups checked in offline here: seen again, green and not sent twice.
      const checkedIn = new Set<string>();
      return (text) => {
        const code = eventCodeIn(text);
        if (!code) return { kind: 'no', message: isDoorUrl(text) ? '这是现场签到二维码，请居民用自己的手机扫描' : '这不是活动签到码' };
        return callApi(checkInCall, { id: eventId, code }, { silent: true }).then(
          (v): EventVerdictState => {
            // Seen again with no signal later: a repeat, not a second check-in.
            checkedIn.add(v.signupId);
            setAttended(v.attended);
            return { kind: 'ok', name: v.name, companions: v.companions, repeat: v.repeat, attended: v.attended };
          },
          (e: unknown): EventVerdictState => {
            const kit = kitRef.current;
            // No network (or the server is down): the phone decides with its list, and the scan waits to be sent.
            if (isClientError(e) || !kit) return { kind: 'no', message: e instanceof ApiError ? e.message : '网络不可用，且尚无离线名单，无法签到' };
            const checked = checkEventOffline(kit, code, Date.now(), checkedIn);
            if (checked.verdict.kind === 'ok' && !checked.repeat) void enqueue({ kind: 'event', poiId, eventId, code, at: checked.at }, 1 + checked.verdict.companions);
            return checked.verdict;
          },
        );
      };
    },
    'event-verdict',
  );

  // The server's count and the people this scanner checked in offline, not sent yet.
  const shown = attended === null ? null : attended + offline.unsentPeople;
  return (
    <ScannerScreen
      video={video}
      problem={problem}
      onRetry={retry}
      title="活动签到"
      backLabel="返回"
      onBack={onStop}
      count={
        <span className="gs-count" data-testid="event-count">
          已签到 {shown ?? '–'} 人
        </span>
      }
      hint="请将签到二维码对准框内"
      verdict={verdict && <EventVerdict state={verdict} />}
    >
      <EventKitStatus kit={offline.kit} pending={offline.pending} />
    </ScannerScreen>
  );
}
