import { storage, StorageKey } from './storage';

/**
 * Talks to whatever hosts this page: the Android or iOS native shell, a parent page embedding it
 * in an iframe, or nobody (a plain browser). The protocol is documented for native and embedding
 * developers in docs/native-bridge.md; keep the two in step.
 */
export type Host = 'android' | 'ios' | 'iframe' | 'browser';

/** What the page tells its host. Every message also carries `source: 'sq'` and, in iframes, `iframeId`. */
export type HostMessage =
  | { type: 'login'; referer: string }
  | { type: 'pollCreated'; id: string; title: string }
  | { type: 'share'; url: string; title: string }
  | { type: 'resize'; height: number }
  /** 微信支付 through the app's WeChat SDK (PayReq fields, signed by the server); the page polls the result. */
  | { type: 'wxpay'; orderId: string; params: { appid: string; partnerid: string; prepayid: string; package: string; noncestr: string; timestamp: string; sign: string } };

export type HostEnvelope = HostMessage & { source: 'sq'; iframeId?: string };

/** Android: `webView.addJavascriptInterface(bridge, "SqAndroid")`. Only strings cross it. */
interface AndroidBridge {
  getAppToken(): string;
  postMessage(json: string): void;
  /** Optional: '1' when the phone is set up for older people (长辈模式), '0' when not. */
  getElderMode?(): string;
}

/** The parts of `window` this module reads; a plain object in unit tests. */
export interface BridgeWindow {
  SqAndroid?: AndroidBridge;
  /** iOS: `WKUserContentController.add(handler, name: "sqIos")`. */
  webkit?: { messageHandlers?: { sqIos?: { postMessage(message: unknown): void } } };
  /** iOS: set by a WKUserScript at document start ('' when the app is logged out). */
  sqAppToken?: string;
  /** iOS: set by a WKUserScript at document start when the app is in 长辈模式 (true) or not (false). */
  sqElderMode?: boolean;
  self: unknown;
  top: unknown;
}

export function detectHost(win: BridgeWindow): Host {
  if (typeof win.SqAndroid?.getAppToken === 'function') return 'android';
  if (win.webkit?.messageHandlers?.sqIos) return 'ios';
  try {
    return win.self !== win.top ? 'iframe' : 'browser';
  } catch {
    // Some browsers throw on touching `top` from a sandboxed frame: that is a frame too.
    return 'iframe';
  }
}

/**
 * Where iframe messages may go. The parent's origin comes from document.referrer; once the
 * frame has navigated within this app the referrer is our own page, and then (as when the parent
 * hides its referrer) '*' is used. Messages never carry secrets, so '*' leaks nothing.
 */
export function hostTargetOrigin(referrer: string, ownOrigin: string): string {
  try {
    const origin = new URL(referrer).origin;
    return origin !== 'null' && origin !== ownOrigin ? origin : '*';
  } catch {
    return '*';
  }
}

const win = (): BridgeWindow & Window => window as unknown as BridgeWindow & Window;
export const currentHost = (): Host => (typeof window === 'undefined' ? 'browser' : detectHost(win()));
export const isNativeShell = (): boolean => ['android', 'ios'].includes(currentHost());

// The embedding page names its frame in the first URL (spec: /chiocevote?iframeId=…); remember
// it, since later in-app navigation drops the query.
const initialIframeId =
  typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get('iframeId');

/** The app token the native shell holds, or null outside shells and when the app is logged out. */
export function getNativeToken(): string | null {
  const host = currentHost();
  if (host !== 'android' && host !== 'ios') return null;
  let live: unknown;
  try {
    live = host === 'android' ? win().SqAndroid?.getAppToken() : win().sqAppToken;
  } catch {
    live = undefined;
  }
  // Not provided (yet): the last token the shell gave is still the best guess.
  if (live === undefined) return storage.get(StorageKey.appuserToken);
  // '' or a Java null: the app is logged out.
  if (typeof live !== 'string' || live === '') {
    storage.remove(StorageKey.appuserToken);
    return null;
  }
  if (storage.get(StorageKey.appuserToken) !== live) storage.set(StorageKey.appuserToken, live);
  return live;
}

/** Sends a message to the host; false in a plain browser, where nobody listens. */
export function postToHost(message: HostMessage): boolean {
  const host = currentHost();
  const iframeId = initialIframeId ?? undefined;
  const envelope: HostEnvelope = { ...message, source: 'sq', ...(iframeId ? { iframeId } : {}) };
  try {
    if (host === 'android') win().SqAndroid?.postMessage(JSON.stringify(envelope));
    else if (host === 'ios') win().webkit?.messageHandlers?.sqIos?.postMessage(envelope);
    else if (host === 'iframe') {
      window.parent.postMessage(envelope, hostTargetOrigin(document.referrer, window.location.origin));
    } else return false;
    return true;
  } catch {
    return false;
  }
}

/** Asks a native shell or embedding page to log the user in; `referer` is where to come back. */
export function requestHostLogin(referer: string): boolean {
  return postToHost({ type: 'login', referer });
}

/** In an iframe, keeps telling the parent the page height so it can size the frame. */
export function startIframeAutoResize(): void {
  if (currentHost() !== 'iframe' || typeof ResizeObserver === 'undefined') return;
  let last = -1;
  // The body, not <html>: <html> is never shorter than the frame, so it could only ever grow.
  const report = () => {
    const height = Math.ceil(document.body.getBoundingClientRect().height);
    // 0 is the empty body before the first screen renders: collapsing the frame would only flicker.
    if (height > 0 && height !== last) postToHost({ type: 'resize', height: (last = height) });
  };
  new ResizeObserver(report).observe(document.body);
  report();
}

/**
 * Whether the native shell asks for 长辈模式 (docs/native-bridge.md): true or false when it says,
 * null when it says nothing (an older shell, an iframe, a browser).
 */
export function nativeElderMode(w: BridgeWindow = win()): boolean | null {
  const android = w.SqAndroid?.getElderMode;
  if (typeof android === 'function') {
    const said = android.call(w.SqAndroid);
    return said === '1' || said === 'true' ? true : said === '0' || said === 'false' ? false : null;
  }
  return typeof w.sqElderMode === 'boolean' ? w.sqElderMode : null;
}
