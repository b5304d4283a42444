import { lazy, Suspense, useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PassType } from '@sq/contract/pass/pass-type';
import { WebRoute } from '@sq/contract/routes';
import { isClientError } from '../../../lib/api-error';
import { currentToken } from '../../../lib/session';
import { storage, StorageKey } from '../../../lib/storage';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { myPassQuery } from '../api/my-pass';
import { usePassPolling } from '../api/use-pass-polling';
import { PassCard, type Scan } from '../components/pass-card';
import { PassHeader } from '../components/pass-header';
import { preloadCodeMaker, useRotatingQr } from '../components/use-rotating-qr';
import { loginFingerprint, readLastPass, saveLastPass } from '../lib/pass-cache';
import { describePass } from '../lib/pass-display';
import { PassLinks } from '../components/pass-links';
import './pass-page.css';
import { showToast } from '../../../lib/toast';

// The QR's maker is fetched with this page, not after its pass arrives.
preloadCodeMaker();

// Only a bare /pcheck on a phone that knows no community needs it (a new phone, a first login).
const FindMyPass = lazy(() => import('../components/find-my-pass').then((m) => ({ default: m.FindMyPass })));
// Below the pass, and not needed to show it: its own chunk keeps the gate's first load in budget.
const ElderModeSwitch = lazy(() => import('../../../components/elder-mode-switch').then((m) => ({ default: m.ElderModeSwitch })));
const FirstVisitNotice = lazy(() => import('../components/first-visit-notice').then((m) => ({ default: m.FirstVisitNotice })));

export const MSG_PASS_INVALID = '通行证信息不规范，请重新填写';
/** ptype -1 after staff revoked the pass: the form then says why and what to do. */
const MSG_PASS_REVOKED = '您的通行证已被撤销';

/** How often a pending pass asks whether it was approved: a staff review takes minutes, not seconds. */
const PENDING_POLL_MS = 5000;

/**
 * 通行证 (/pcheck?poiId=…&state=1|2, spec §2 "Pass page in detail"). Opened by scanning the gate's
 * QR code, often on a weak connection: it keeps the last pass on the phone and shows it offline.
 */
export function PassPage() {
  const [params] = useSearchParams();
  // The gate's QR and the home's link carry the community; a bare /pcheck falls back to the one
  // this phone remembers (viewed last, or the person's own). Read directly, not through the
  // current-community hook: its user-info query would add to the page's first load (bench web-size).
  const poiId = params.get('poiId') || storage.get(StorageKey.currentCommunity) || storage.get(StorageKey.userCommunity) || '';
  const direction = params.get('state') === '2' ? 2 : 1;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [who] = useState(() => loginFingerprint(currentToken()));
  const [scan, setScan] = useState<Scan | null>(null);

  const query = useQuery({
    ...myPassQuery(poiId, direction),
    enabled: poiId !== '',
    // Waiting for review: asked again now and then (and on coming back into view), so the QR
    // appears by itself the moment staff approve, as the scan greeting does.
    refetchInterval: (q) => (q.state.data?.userCard.ptype === PassType.pending ? PENDING_POLL_MS : false),
    refetchOnWindowFocus: (q) => q.state.data?.userCard.ptype === PassType.pending,
  });
  const live = query.data;
  // No answer, or a gateway's 5xx: the network at the gate, not the pass, is the problem.
  const networkDown = query.isError && !isClientError(query.error);
  const cached = networkDown ? readLastPass(who, poiId, direction) : null;
  const shown = live ?? cached ?? null;
  const anyView = shown ? ('view' in shown ? shown.view : shown.userCard) : null;
  // ptype -1 is about to leave for the form: show nothing of it meanwhile.
  const view = anyView?.ptype === PassType.none ? null : anyView;
  const isManager = shown?.isManager === '1';
  const display = view ? describePass(view) : null;
  // When the shown view reached the phone: with its serverTime, the phone's clock offset.
  const receivedAt = live ? query.dataUpdatedAt : (cached?.savedAt ?? 0);
  const rotating = useRotatingQr(view && display?.showQr ? view : null, receivedAt, { poiId });
  const shownCode = rotating && rotating.kind !== 'outOfTime' ? rotating.code : '';
  const formPath = `${WebRoute.register}?poiId=${encodeURIComponent(poiId)}`;

  useDocumentTitle(display?.title ?? '通行证');

  // Keep the pass for the moment the gate's network drops (spec: pass marker in local storage).
  useEffect(() => {
    if (!live || live.userCard.ptype === PassType.none) return;
    saveLastPass({ who, poiId, direction, isManager: live.isManager, savedAt: query.dataUpdatedAt, view: live.userCard });
  }, [live, who, poiId, direction, query.dataUpdatedAt]);

  // ptype -1: nothing usable was registered here, the person fills in the form (spec §4).
  useEffect(() => {
    if (live?.userCard.ptype !== PassType.none) return;
    showToast(live.userCard.revoked ? MSG_PASS_REVOKED : MSG_PASS_INVALID);
    navigate(formPath, { replace: true });
  }, [live, navigate, formPath]);

  const leave = () => {
    showToast(MSG_PASS_INVALID);
    navigate(formPath, { replace: true });
  };
  const polling = usePassPolling({
    poiId,
    // The code on screen: each new one is asked about (and listened for) in its turn.
    code: shownCode,
    enabled: Boolean(display?.showQr) && !scan,
    onStep: (step) => {
      if (step.kind === 'scanned') setScan({ pass: step.pass, at: step.at });
      else if (step.kind === 'renew') void queryClient.refetchQueries({ queryKey: myPassQuery(poiId, direction).queryKey });
      else
        // Sent back or revoked: the fresh pass view (ptype -1) says which, and the effect above
        // toasts and leaves; without it, the spec's toast.
        void queryClient.fetchQuery({ ...myPassQuery(poiId, direction), staleTime: 0 }).then(
          (v) => v.userCard.ptype !== PassType.none && leave(),
          leave,
        );
    },
  });

  const refresh = () => {
    setScan(null);
    void query.refetch();
  };

  const tone = display?.tone ?? 'normal';
  return (
    <main className={`pass-screen pass-page tone-${scan ? 'normal' : tone}`}>
      <PassHeader title={display?.title ?? '通行证'} fallback={`${WebRoute.home}?poiId=${encodeURIComponent(poiId)}`}>
        {view && (
          <div className="pass-hero">
            <p className="pass-community">{view.communityInfo.community}</p>
            {display?.greeting && <p className="pass-greeting">{display.greeting}</p>}
          </div>
        )}
      </PassHeader>

      {!poiId ? (
        <Suspense fallback={null}>
          <FindMyPass direction={direction} />
        </Suspense>
      ) : view && display ? (
        <>
          <PassCard
            view={view}
            display={display}
            rotating={rotating}
            scan={scan}
            offline={cached !== null || polling.offline}
            savedAt={cached?.savedAt ?? null}
            onRefresh={refresh}
            refreshing={query.isFetching}
          />
          {display.showQr && view.owner !== '访客' && (
            <Link className="pass-manage pass-invite" to={`${WebRoute.invite}?poiId=${encodeURIComponent(poiId)}`}>
              <span>邀请访客</span>
              <span aria-hidden="true">›</span>
            </Link>
          )}
          {isManager && (
            <Link className="pass-manage" to={`${WebRoute.manageCentre}?poiId=${encodeURIComponent(poiId)}`}>
              <span>管理中心</span>
              <span aria-hidden="true">›</span>
            </Link>
          )}
          <PassLinks poiId={poiId} openId={view.openId} />
          <Suspense fallback={null}>
            <ElderModeSwitch className="pass-elder" />
          </Suspense>
          {live?.notice && (
            <Suspense fallback={null}>
              <FirstVisitNotice poiId={poiId} community={view.communityInfo.community} />
            </Suspense>
          )}
        </>
      ) : query.isError && !anyView ? (
        <PassProblem
          title={networkDown ? '网络不可用' : '通行证加载失败'}
          text={networkDown ? '请检查网络后重试' : query.error.message}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <div className="pass-card pass-loading" role="status" aria-label="加载中">
          <span className="pass-spinner" aria-hidden="true" />
          <p>正在获取通行证…</p>
        </div>
      )}
    </main>
  );
}

function PassProblem({ title, text, onRetry }: { title: string; text: string; onRetry?: () => void }) {
  return (
    <div className="pass-card pass-problem" role="alert">
      <h2>{title}</h2>
      <p>{text}</p>
      {onRetry && (
        <button type="button" className="pass-button pass-button-primary" onClick={onRetry}>
          重新加载
        </button>
      )}
    </div>
  );
}
