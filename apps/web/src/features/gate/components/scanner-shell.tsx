import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import '../pages/gate-scanner-page.css';
import { createFeedback } from '../lib/feedback';
import { CAMERA_PROBLEM, decodeFrames, startCamera, type CameraProblem } from '../lib/qr-camera';
import { createRecentCodes } from '../lib/scanned-text';

/** A verdict stays this long; the next person's code replaces it at once. */
export const VERDICT_MS = 1800;

/** Every kind's verdict is green or red. */
export interface AnyVerdict {
  kind: 'ok' | 'no';
}

/** Checks one scanned text (online, or offline from the kit) and answers its verdict. */
export type CodeCheck<V extends AnyVerdict> = (text: string) => V | Promise<V>;

/**
 * The one continuous scanner (DESIGN.md §9 "Codes that staff scan"): the camera reads code after
 * code, each answered with a full-screen verdict, a beep and a buzz, with no tap between people;
 * a late answer never replaces a newer one. `session` names what is scanned (community and
 * direction, event, shop): a new one starts the camera over. `makeCheck` is called once per
 * session (what a session remembers – codes let through offline – lives in its closure).
 * `measure`: the performance mark from the frame the code appeared in to the verdict on screen (bench).
 */
export function useContinuousScan<V extends AnyVerdict>(session: string, makeCheck: () => CodeCheck<V>, measure: string, onShown?: (v: V) => void) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<CameraProblem | null>(null);
  // Bumped by 重试: the camera is asked for again (after staff allowed it in the settings).
  const [attempt, setAttempt] = useState(0);
  const [verdict, setVerdict] = useState<V | null>(null);
  const shownFor = useRef<{ frameTime: number; ok: boolean } | null>(null);
  const hooks = useRef({ makeCheck, onShown });
  useEffect(() => {
    hooks.current = { makeCheck, onShown };
  });

  useEffect(() => {
    const element = video.current!;
    const feedback = createFeedback();
    const recent = createRecentCodes();
    const check = hooks.current.makeCheck();
    let stopCamera: (() => void) | null = null;
    let stopFrames: (() => void) | null = null;
    let latest = 0;
    let clear: ReturnType<typeof setTimeout> | undefined;
    let ended = false;

    const show = (state: V, frameTime: number, order: number) => {
      if (ended || order < latest) return;
      (state.kind === 'ok' ? feedback.pass : feedback.stop)();
      shownFor.current = { frameTime, ok: state.kind === 'ok' };
      setVerdict(state);
      hooks.current.onShown?.(state);
      clearTimeout(clear);
      clear = setTimeout(() => setVerdict(null), VERDICT_MS);
    };

    const onCode = (text: string, frameTime: number) => {
      if (!recent.isNew(text)) return;
      const order = ++latest;
      void Promise.resolve(check(text)).then((v) => show(v, frameTime, order));
    };

    startCamera(element).then(
      (stop) => {
        if (ended) return stop();
        stopCamera = stop;
        stopFrames = decodeFrames(element, onCode);
      },
      (e: { problem?: CameraProblem }) => !ended && setProblem(e.problem ?? 'failed'),
    );
    return () => {
      ended = true;
      clearTimeout(clear);
      stopFrames?.();
      stopCamera?.();
      feedback.close();
    };
  }, [session, attempt]);

  useEffect(() => {
    const shown = shownFor.current;
    if (!verdict || !shown) return;
    shownFor.current = null;
    requestAnimationFrame(() => performance.measure(measure, { start: shown.frameTime, end: performance.now(), detail: { ok: shown.ok } }));
  }, [verdict, measure]);

  const retry = () => {
    setProblem(null);
    setAttempt((n) => n + 1);
  };
  return { video, problem, retry, verdict };
}

interface ScreenProps {
  video: RefObject<HTMLVideoElement>;
  problem: CameraProblem | null;
  onRetry: () => void;
  /** The screen's name (the bar's title and the section's label). */
  title: string;
  backLabel: string;
  onBack: () => void;
  /** The bar's count (its own test id). */
  count: ReactNode;
  /** What to point the camera at. */
  hint: string;
  /** Under the hint: the last one let through, the kit's state. */
  children?: ReactNode;
  /** The kind's full-screen verdict, when one is shown. */
  verdict: ReactNode;
}

/** The scanner's screen, the same for every kind: camera, frame, bar, hint and the verdict over it. */
export function ScannerScreen({ video, problem, onRetry, title, backLabel, onBack, count, hint, children, verdict }: ScreenProps) {
  return (
    <section className="gs-scanner" aria-label={title}>
      <video ref={video} className="gs-video" aria-hidden="true" />
      <div className="gs-frame" aria-hidden="true" />
      <header className="gs-bar">
        <button type="button" className="gs-bar-button" onClick={onBack}>
          ‹ {backLabel}
        </button>
        <span className="gs-bar-title">{title}</span>
        {count}
      </header>
      <p className="gs-hint" role="status">
        {problem ? CAMERA_PROBLEM[problem] : hint}
        {problem && problem !== 'unsupported' && (
          <button type="button" className="gs-retry" onClick={onRetry}>
            重试
          </button>
        )}
        {children}
      </p>
      {verdict}
    </section>
  );
}
