import { loadOnce } from './load-once';

/**
 * antd-mobile's Dialog.confirm without putting Dialog (its mask, the imperative renderer and the
 * animation library under them, ~24 KB gzipped) into a page's first load: the code is fetched
 * when the person first touches the page, so it is at hand when they press the button that asks.
 * Pages a person may open first (registration, 我的数据, a poll) use this, as lib/toast.ts for toasts.
 */
type DialogModule = typeof import('antd-mobile/es/components/dialog');

const load = loadOnce(() => import('antd-mobile/es/components/dialog'));

if (typeof document !== 'undefined') {
  const prefetch = () => void load().catch(() => {});
  document.addEventListener('pointerdown', prefetch, { once: true, capture: true });
  document.addEventListener('keydown', prefetch, { once: true, capture: true });
}

/** Dialog.confirm: true when the person confirms. */
export async function confirmDialog(props: Parameters<DialogModule['default']['confirm']>[0]): Promise<boolean> {
  return (await load()).default.confirm(props);
}
