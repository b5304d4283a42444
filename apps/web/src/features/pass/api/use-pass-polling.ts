import { useEffect, useRef, useState } from 'react';
import { LOGIN_CODES, SILENT_CODES } from '@sq/contract/envelope';
import { PASS_POLL_MS } from '@sq/contract/pass/check-code-info';
import { ApiError } from '../../../lib/api-error';
import { nextPollStep, type PollStep } from '../lib/pass-display';
import { watchCodeEvents } from './code-events';
import { askCodeState } from './my-pass';
import { showToast } from '../../../lib/toast';

interface Options {
  poiId: string;
  /** The code shown as QR; '' or `enabled: false` stops asking. */
  code: string;
  enabled: boolean;
  /** Called once with the first answer other than "still waiting". */
  onStep: (step: Exclude<PollStep, { kind: 'wait' }>) => void;
}

/**
 * Asks every 2 s whether the shown code was scanned (spec §4 Pass polling), and listens to the
 * push channel beside it for an instant answer. Only while the page is visible: a phone in a
 * pocket should not spend battery and data on it. Network trouble keeps it asking (and reports
 * `offline`); a refusal from the server stops it with the server's words.
 */
/**
 * The push channel stays open as long as the page does, so it starts only once the page has
 * loaded and a moment more: until then the 2-second poll answers alone. A connection opened
 * during the load would keep the page "loading" for ever to the browser's own measures (and to
 * Lighthouse, whose audit then never completes).
 */
const PUSH_AFTER_LOAD_MS = 2500;
function afterPageSettled(run: () => void) {
  const later = () => setTimeout(run, PUSH_AFTER_LOAD_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}

export function usePassPolling({ poiId, code, enabled, onStep }: Options): { offline: boolean; stopped: boolean } {
  const [offline, setOffline] = useState(false);
  const [stoppedFor, setStoppedFor] = useState<string | null>(null);
  const onStepRef = useRef(onStep);
  useEffect(() => {
    onStepRef.current = onStep;
  });

  const active = enabled && code !== '' && stoppedFor !== code;

  useEffect(() => {
    if (!active) return;
    let timer: ReturnType<typeof setInterval> | undefined;
    let asking: AbortController | null = null;
    let listening: AbortController | null = null;
    let done = false;

    const finish = () => {
      done = true;
      clearInterval(timer);
      asking?.abort();
      listening?.abort();
    };

    const handle = (codeInfo: Parameters<typeof nextPollStep>[0]) => {
      if (done) return;
      setOffline(false);
      const step = nextPollStep(codeInfo);
      if (step.kind === 'wait') return;
      finish();
      onStepRef.current(step);
    };

    const ask = async () => {
      if (asking || done || document.hidden) return;
      const controller = new AbortController();
      asking = controller;
      try {
        handle((await askCodeState(poiId, code, controller.signal)).codeInfo);
      } catch (error) {
        if (done || controller.signal.aborted) return;
        if (!(error instanceof ApiError)) {
          setOffline(true);
          return;
        }
        // The code names no pass any more (deleted in 我的信息, on another phone or by staff): the
        // page asks for its pass again instead of showing one that no longer opens the gate.
        if (error.code === 404) {
          finish();
          onStepRef.current({ kind: 'renew' });
          return;
        }
        // 423/424 already went to the login; 411/451 stay silent; anything else is said once.
        finish();
        setStoppedFor(code);
        if (!LOGIN_CODES.includes(error.code) && !SILENT_CODES.includes(error.code)) showToast(error.message);
      } finally {
        if (asking === controller) asking = null;
      }
    };

    const listen = () => {
      if (listening || done || document.hidden) return;
      const controller = new AbortController();
      listening = controller;
      void watchCodeEvents(poiId, code, (state) => handle(state.codeInfo), controller.signal).finally(() => {
        if (listening === controller) listening = null;
      });
    };

    const resume = () => {
      clearInterval(timer);
      timer = setInterval(() => void ask(), PASS_POLL_MS);
      afterPageSettled(listen);
    };
    const onVisibility = () => {
      if (document.hidden) {
        clearInterval(timer);
        asking?.abort();
        listening?.abort();
        asking = listening = null;
      } else if (!done) {
        // Back in view: ask at once, the person is probably at the gate right now.
        void ask();
        resume();
      }
    };

    if (!document.hidden) resume();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      finish();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [active, poiId, code]);

  return { offline, stopped: stoppedFor === code };
}
