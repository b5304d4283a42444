import '../../styles/status-page.css';

/**
 * Shown while the first screen's chunk downloads (slow mobile networks take a moment). Plain
 * markup: it is part of every first load, so it must not pull in a component library.
 */
export function RouteLoading() {
  return (
    <div className="route-loading" role="status" aria-label="加载中">
      <span className="route-loading-dot" />
      <span className="route-loading-dot" />
      <span className="route-loading-dot" />
    </div>
  );
}
