import '../../styles/status-page.css';

/**
 * Shown while the first screen's chunk downloads (slow mobile networks take a moment). Plain
 * markup: it is part of every first load, so it must not pull in a component library. index.html
 * holds the same markup, so the page shows it before any script has arrived; keep them alike.
 */
export function RouteLoading() {
  return (
    <div className="route-loading" role="status" aria-label="加载中">
      <span className="route-loading-dots" aria-hidden="true">
        <span className="route-loading-dot" />
        <span className="route-loading-dot" />
        <span className="route-loading-dot" />
      </span>
      <span className="route-loading-text">社区服务加载中…</span>
    </div>
  );
}
