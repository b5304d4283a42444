import { loadOnce } from './load-once';

/**
 * Toasts without putting antd-mobile's Toast (and the animation library under it) into a page's
 * first load: its code is fetched when first needed, and in idle time a few seconds after the
 * load, so that a toast about a lost network still has its code at hand (the service worker
 * keeps it too, once installed). Pages a visitor may open first (the pass, the login step, home,
 * a poll) use this; pages reached later may import antd-mobile's Toast.
 */
type ToastModule = typeof import('antd-mobile/es/components/toast');

const load = loadOnce(() => import('antd-mobile/es/components/toast'));

/** After the page's own first work (its render, its first answers), not competing with it. */
const PREFETCH_AFTER_LOAD_MS = 5000;

if (typeof window !== 'undefined') {
  const idle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 0));
  const prefetch = () => window.setTimeout(() => idle(() => void load().catch(() => {})), PREFETCH_AFTER_LOAD_MS);
  if (document.readyState === 'complete') prefetch();
  else window.addEventListener('load', prefetch, { once: true });
}

export function showToast(toast: string | Parameters<ToastModule['default']['show']>[0]): void {
  void load().then((m) => m.default.show(typeof toast === 'string' ? { content: toast } : toast), () => {});
}
