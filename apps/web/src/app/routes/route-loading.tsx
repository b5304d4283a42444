import { DotLoading } from 'antd-mobile';
import '../../styles/status-page.css';

/** Shown while the first screen's chunk downloads (slow mobile networks take a moment). */
export function RouteLoading() {
  return (
    <div className="route-loading" role="status" aria-label="加载中">
      <DotLoading color="primary" />
    </div>
  );
}
