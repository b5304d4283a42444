import { useEffect, useState } from 'react';
import type { PassView } from '@sq/contract/pass/pass-view';
import type { RotatingQr } from '../lib/rotating-qr';
import type { KeyOwner } from '../lib/device-keys';
import { startQrDrawing } from '../lib/draw-qr';
import { useSecondValue } from '../../../lib/use-second';

type Maker = typeof import('../lib/rotating-qr');
/** The code maker (HMAC-SHA-256) is its own chunk: /pcheck's first load stays in its budget, and the service worker keeps it for offline use. */
let maker: Promise<Maker> | null = null;
/** The maker once loaded: a page opened again draws its QR in its first render. */
let loaded: Maker | null = null;
const loadMaker = () =>
  (maker ??= import('../lib/rotating-qr').then(
    (m) => (loaded = m),
    (e: unknown) => {
      maker = null; // offline before it was ever kept: asked again next time
      throw e;
    },
  ));

/**
 * Starts fetching the maker, and the worker that draws its codes. Called as a pass page's code
 * loads, before the start-up login check and the pass itself come back: on a slow network at the
 * gate that is a round trip or two less before the QR shows (bench/README.md, Lighthouse).
 */
export const preloadCodeMaker = () => {
  void loadMaker().catch(() => null);
  startQrDrawing();
};

/**
 * The pass's current code, made on the phone and renewed on every step. `receivedAt` is the
 * phone's time when the view arrived: with the view's `serverTime` it gives the clock offset.
 * Null until the maker has loaded (a few milliseconds) and the phone's key for the pass is found.
 * The page is drawn again when the code changes, not every second: the countdown under the QR
 * ticks by itself (a render of the whole pass page every second kept a slow phone's main thread
 * busy for as long as the pass was open). The code is signed outside the render (lib/sign-code.ts,
 * the browser's WebCrypto where it has Ed25519): a step's code shows once signed, the previous one
 * staying on screen meanwhile, and a page opened again within its step shows it at once.
 */
export function useRotatingQr(view: PassView | null, receivedAt: number, owner: KeyOwner): RotatingQr | null {
  const [make, setMake] = useState<Maker | null>(() => loaded);
  // Bumped when a signature is ready: the render then finds it among the maker's signed codes.
  const [, setSigned] = useState(0);
  const keyed = view?.codeKey ? view : null;
  const offsetMs = view ? view.serverTime - receivedAt : 0;
  const moment = useSecondValue((ms) => (keyed && make ? make.codeMoment(keyed, offsetMs, Math.max(ms, receivedAt)) : 0));
  // A kept copy of the pass is a new object on every render: the view is known by what the key depends on.
  const keyedBy = keyed?.codeKey ? `${keyed.codeKey.id}|${keyed.codeKey.kids.join(',')}|${keyed.serverTime}` : '';
  useEffect(() => {
    // The same module whichever pass asked: a late answer after the page has gone changes nothing.
    // Drawn again once the phone's own key for the pass is found, or made and registered.
    if (keyed)
      void loadMaker().then((m) => {
        setMake(() => m);
        return m.prepareKey(keyed, owner).then(() => setMake(() => ({ ...m })));
      });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by `keyedBy`; the owner is the page's, fixed with the view
  }, [keyedBy]);
  const shown = keyed && keyed.qr !== '' && make ? make.shownQr(keyed, offsetMs, moment) : null;
  const signing = shown?.signing ?? false;
  useEffect(() => {
    if (!signing || !keyed || !make) return;
    let live = true;
    // A failure (a browser without Ed25519, offline before noble's code was kept) is tried again at the next step.
    make.signQr(keyed, moment).then(
      () => live && setSigned((n) => n + 1),
      () => undefined,
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the view is known by `keyedBy` and its direction; `make` changes once its key is found
  }, [signing, make, keyedBy, keyed?.pass, moment]);
  if (!view || view.qr === '') return null;
  // An old server's pass (no key): its code as it is.
  if (!view.codeKey) return { kind: 'fixed', code: view.code, qr: view.qr };
  return shown?.qr ?? null;
}
