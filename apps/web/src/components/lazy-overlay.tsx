import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';

/**
 * A picker, sheet or popup whose code is fetched the first time it is opened: until then it
 * renders nothing, so a form's first load does not carry antd-mobile's overlays and the gesture
 * and animation libraries under them (~25 KB gzipped on /addmsg). Once opened it stays mounted,
 * so it closes with its animation.
 */
export function lazyOverlay<P extends { visible?: boolean }>(load: () => Promise<{ default: ComponentType<P> }>) {
  // lazy() types its result with refs; the overlay is rendered with exactly the props it was declared with.
  const Overlay = lazy(load) as unknown as ComponentType<P>;
  return function LazyOverlay(props: P) {
    const [opened, setOpened] = useState(Boolean(props.visible));
    useEffect(() => {
      if (props.visible) setOpened(true);
    }, [props.visible]);
    if (!opened && !props.visible) return null;
    return (
      <Suspense fallback={null}>
        <Overlay {...props} />
      </Suspense>
    );
  };
}

/** antd-mobile's overlays a form opens, each fetched at its first opening. */
export const LazyActionSheet = lazyOverlay(() => import('antd-mobile/es/components/action-sheet'));
export const LazyPicker = lazyOverlay(() => import('antd-mobile/es/components/picker'));
export const LazyDatePicker = lazyOverlay(() => import('antd-mobile/es/components/date-picker'));
